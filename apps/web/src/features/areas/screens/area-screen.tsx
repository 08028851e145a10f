// The area's own screen: name, type, number, floor area and when it was created; site managers of
// its organization can edit or delete it. A link with the wrong type is corrected; an unknown area is not found.
// A route module may add sections of other features below (app/routes/area.tsx: its devices).
import { Anchor, Button, Card, DataList, Group, Stack, Title } from '@mantine/core';
import type { Area } from '@portal/contracts/areas';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useGetAreaQuery } from '../../../api/areas';
import { useIsSiteManager } from '../../../api/current-user';
import { AreasNotFound } from '../../../components/areas-not-found';
import { QueryState } from '../../../components/query-state';
import { BREAK_LONG_WORDS } from '../../../components/text-styles';
import { paths } from '../../../config/paths';
import { useCanonicalAreaUrl } from '../../../lib/area-canonical-url';
import { formatAreaNumber, useAreaLabel } from '../../../lib/area-name';
import { useArrivalState } from '../../../lib/arrival-state';
import { formatDate, formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { AreaDelete } from '../components/area-delete';
import { AreaFailureAlert } from '../components/area-failure-alert';
import { AreaNoticeAlert, areaNoticeIn } from '../components/area-notice';
import type { AreaFailure } from '../model/area-failure';

function AreaDetails({ area }: { area: Area }) {
  const { t, i18n } = useTranslation('areas');
  const language = currentLanguage(i18n);
  const notGiven = t('detail.notGiven');
  const rows = [
    { label: t('detail.name'), value: area.name || notGiven },
    { label: t('detail.type'), value: t(`type.${area.areaType}`) },
    {
      label: t('detail.number'),
      value: area.number === null ? notGiven : formatAreaNumber(area.number, language),
    },
    {
      label: t('detail.floorArea'),
      value:
        area.floorArea === null
          ? notGiven
          : t('detail.squareMetres', { value: formatNumber(area.floorArea, language) }),
    },
    { label: t('detail.created'), value: formatDate(new Date(area.createdAt), language) },
  ];
  return (
    <Card withBorder padding="lg">
      <DataList labelWidth="8rem" withDivider>
        {rows.map(({ label, value }) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel>{label}</DataList.ItemLabel>
            <DataList.ItemValue style={BREAK_LONG_WORDS}>{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList>
    </Card>
  );
}

/** What a route module adds below the area's own details, given the area. */
export type AreaSections = (area: Area) => ReactNode;

function AreaView({ area, sections }: { area: Area; sections?: AreaSections }) {
  const { t } = useTranslation('areas');
  const label = useAreaLabel();
  const isSiteManager = useIsSiteManager(area.organizationId);
  const [notice, dismissNotice] = useArrivalState(areaNoticeIn);
  const [failure, setFailure] = useState<AreaFailure>();
  const name = label(area);

  return (
    <Stack gap="lg" maw={720}>
      <Stack gap={4}>
        <Anchor
          component={Link}
          c="blue.8"
          size="sm"
          to={paths.propertyAreasOfType.href(area.propertyId, area.areaType)}
        >
          {t('detail.back')}
        </Anchor>
        <Title order={1} style={BREAK_LONG_WORDS}>
          {name}
        </Title>
      </Stack>
      <AreaNoticeAlert notice={notice} onClose={dismissNotice} />
      {failure && (
        <AreaFailureAlert
          failure={failure}
          title={t('messages.deleteFailed')}
          forbiddenTitle={t('messages.noPermissionDelete')}
          onClose={() => setFailure(undefined)}
        />
      )}
      <AreaDetails area={area} />
      {isSiteManager && (
        <Group gap="sm">
          <Button
            component={Link}
            to={paths.areaEdit.href(area.propertyId, area.areaType, area.id)}
            color="blue.8"
          >
            {t('detail.edit')}
          </Button>
          <AreaDelete
            area={area}
            name={name}
            onStart={() => {
              setFailure(undefined);
              dismissNotice();
            }}
            onFailure={setFailure}
          />
        </Group>
      )}
      {sections?.(area)}
    </Stack>
  );
}

export default function AreaScreen({ sections }: { sections?: AreaSections }) {
  const { t } = useTranslation('areas');
  const { propertyId = '', areaId = '' } = useParams();
  const query = useGetAreaQuery(areaId);
  const area = query.data;
  useCanonicalAreaUrl(area, paths.area.href);

  return (
    <QueryState
      queries={[query]}
      notFound={<AreasNotFound subject="area" propertyId={propertyId} />}
      failed={{ title: t('detail.loadFailed') }}
      failedFrame={(alert) => (
        <Stack gap="lg" maw={720}>
          <Title order={1}>{t('detail.title')}</Title>
          {alert}
        </Stack>
      )}
    >
      {/* Keyed by the area: the notice and a failure belong to the area they were about. */}
      {() => area && <AreaView key={area.id} area={area} sections={sections} />}
    </QueryState>
  );
}
