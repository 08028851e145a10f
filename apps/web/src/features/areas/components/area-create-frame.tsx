// What both screens that create areas share (overview/new-area and …/multiple): the title with
// the property's name, the not-found state of an unknown property, and SPEC §6's permission
// message instead of the form for whoever is not a site manager of the property's organization.
import { Stack, Text, Title } from '@mantine/core';
import type { AreaType } from '@portal/contracts/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useGetPropertyQuery } from '../../../api/properties';
import { AreasNotFound } from '../../../components/areas-not-found';
import { Loading } from '../../../components/loading';
import { QueryState } from '../../../components/query-state';
import { SiteManagerOnly } from '../../../components/site-manager-only';
import { paths } from '../../../config/paths';
import { usePreselectedType } from '../model/area-type-param';

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
  const query = useGetPropertyQuery(propertyId);
  const property = query.data;

  const frame = (content: ReactNode) => (
    <Stack gap="lg" maw={640}>
      <Stack gap={4}>
        <Title order={1}>{title}</Title>
        {property && <Text c="dimmed">{property.name}</Text>}
      </Stack>
      {content}
    </Stack>
  );

  // The form waits for the property: the role in its organization decides who gets it.
  return (
    <QueryState
      queries={[query]}
      notFound={<AreasNotFound subject="property" propertyId={propertyId} />}
      failed={{ title: t('messages.propertyFetchFailed'), text: t('messages.connection') }}
      failedFrame={frame}
      loading={frame(<Loading />)}
    >
      {() =>
        property &&
        frame(
          <SiteManagerOnly
            organizationId={property.organizationId}
            title={t('messages.noPermissionCreate')}
            backTo={paths.propertyAreas.href(propertyId)}
            backLabel={t('detail.back')}
          >
            {() => form(propertyId, areaType)}
          </SiteManagerOnly>,
        )
      }
    </QueryState>
  );
}
