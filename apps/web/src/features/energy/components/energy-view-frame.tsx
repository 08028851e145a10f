// The frame every energy view of a property stands in (the summary, solar, …): the view's name
// above the property's, a way back to the overview, and the property's own states — not found
// for one the user cannot see, 'Something went wrong' with a retry under the view's name. The
// property comes from the cache the shell fills, so the view's own call need not wait for it.
import { Anchor, Stack, Text, Title } from '@mantine/core';
import type { Property } from '@portal/contracts/properties';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGetPropertyQuery } from '../../../api/properties';
import { NotFoundFrame } from '../../../components/not-found-frame';
import { QueryState } from '../../../components/query-state';
import { BREAK_LONG_WORDS } from '../../../components/text-styles';
import { paths } from '../../../config/paths';

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
  const property = useGetPropertyQuery(propertyId);
  return (
    <QueryState
      queries={[property]}
      notFound={
        <NotFoundFrame
          title={t('load.notFound')}
          text={t('load.notFoundText')}
          backTo={paths.properties.href()}
          backLabel={t('load.back')}
        />
      }
      failed={{ title: t('load.failed'), text: failedText }}
      failedFrame={(alert) => (
        <Stack gap="lg">
          <Title order={1}>{view}</Title>
          {alert}
        </Stack>
      )}
    >
      {() =>
        property.data && (
          <Stack gap="lg">
            <Stack gap={2}>
              <Text size="sm" c="dimmed" fw={600}>
                {view}
              </Text>
              <Title order={1} style={BREAK_LONG_WORDS}>
                {property.data.name}
              </Title>
              <Anchor
                component={Link}
                to={paths.propertyOverview.href(propertyId)}
                c="blue.8"
                size="sm"
              >
                {t('load.toOverview')}
              </Anchor>
            </Stack>
            {children(property.data)}
          </Stack>
        )
      }
    </QueryState>
  );
}
