// The frame every energy view of a property stands in (the summary, solar, …): the shared
// property view frame (components/property-view-frame.tsx) in the energy catalogue's words.
import type { Property } from '@portal/contracts/properties';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PropertyViewFrame } from '../../../components/property-view-frame';

export function EnergyViewFrame({
  propertyId,
  view,
  failedText,
  children,
}: {
  propertyId: string;
  /** The view's name, above the property's (and the heading when the property cannot be had). */
  view: string;
  /** What could not be fetched, under 'Something went wrong'. */
  failedText: string;
  /** The view below its heading, once the property is there. */
  children: (property: Property) => ReactNode;
}) {
  const { t } = useTranslation('energy');
  return (
    <PropertyViewFrame
      propertyId={propertyId}
      texts={{
        view,
        failedText,
        failed: t('load.failed'),
        notFound: t('load.notFound'),
        notFoundText: t('load.notFoundText'),
        back: t('load.back'),
        toOverview: t('load.toOverview'),
      }}
    >
      {children}
    </PropertyViewFrame>
  );
}
