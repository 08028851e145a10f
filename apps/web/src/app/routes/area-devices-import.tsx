// An area's device import (…/area/:areaType/:areaId/devices/import): the area and its label from
// the areas feature, the import from the devices feature, composed here since features do not
// import each other. An unknown area is not found; a link with a stale type is corrected.
import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useGetAreaQuery } from '../../api/areas';
import { AreasNotFound } from '../../components/areas-not-found';
import { QueryState } from '../../components/query-state';
import { paths } from '../../config/paths';
import { DevicesImportScreen } from '../../features/devices/screens/devices-import-screen';
import { useCanonicalAreaUrl } from '../../lib/area-canonical-url';
import { useAreaLabel } from '../../lib/area-name';

export default function AreaDevicesImport() {
  const { t } = useTranslation(['devices', 'areas']);
  const { propertyId = '', areaId = '' } = useParams();
  const query = useGetAreaQuery(areaId);
  const area = query.data;
  const label = useAreaLabel();
  useCanonicalAreaUrl(area, paths.areaDevicesImport.href);

  return (
    <QueryState
      queries={[query]}
      notFound={<AreasNotFound subject="area" propertyId={propertyId} />}
      failed={{ title: t('areas:detail.loadFailed') }}
      failedFrame={(alert) => (
        <Stack gap="lg" maw={960}>
          <Title order={1}>{t('devices:import.title')}</Title>
          {alert}
        </Stack>
      )}
    >
      {() => area && <DevicesImportScreen key={area.id} area={area} areaName={label(area)} />}
    </QueryState>
  );
}
