// What both screens that create areas share (overview/new-area and …/multiple): the title with
// the property's name, the not-found state of an unknown property, and SPEC §6's permission
// message for users instead of the form.
import { Stack, Text, Title } from '@mantine/core';
import type { AreaType } from '@portal/contracts/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useGetPropertyQuery } from '../../../api/properties';
import { SiteManagerOnly } from '../../../components/site-manager-only';
import { paths } from '../../../config/paths';
import { isNotFound } from '../../../lib/api-errors';
import { usePreselectedType } from '../model/area-type-param';
import { AreasNotFound } from './areas-not-found';

export function AreaCreateFrame({
  title,
  form,
}: {
  title: string;
  /** The form for a site manager, given the property and the type chosen on the list (?type=). */
  form: (propertyId: string, areaType: AreaType) => ReactNode;
}) {
  const { t } = useTranslation('areas');
  const { propertyId = '' } = useParams();
  const areaType = usePreselectedType();
  const { data: property, error } = useGetPropertyQuery(propertyId);

  if (isNotFound(error)) return <AreasNotFound subject="property" propertyId={propertyId} />;
  return (
    <Stack gap="lg" maw={640}>
      <Stack gap={4}>
        <Title order={1}>{title}</Title>
        {property && <Text c="dimmed">{property.name}</Text>}
      </Stack>
      <SiteManagerOnly
        title={t('messages.noPermissionCreate')}
        backTo={paths.propertyAreas.href(propertyId)}
        backLabel={t('detail.back')}
      >
        {() => form(propertyId, areaType)}
      </SiteManagerOnly>
    </Stack>
  );
}
