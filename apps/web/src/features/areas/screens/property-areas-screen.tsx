// 'View listing areas' (SPEC §2: property/{id}, …/area, …/area/{areaType}): the property's areas
// grouped and counted by type, filtered by the type in the address and by a quick text filter,
// with 'New area' and 'Several areas' for site managers.
import { Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import type { Area } from '@portal/contracts/areas';
import { type AreaType, isAreaType } from '@portal/contracts/domain';
import type { Property } from '@portal/contracts/properties';
import { type ChangeEvent, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createSearchParams, Link, useParams, useSearchParams } from 'react-router';
import { useGetAreasQuery } from '../../../api/areas';
import { useIsSiteManager } from '../../../api/current-user';
import { useGetPropertyQuery } from '../../../api/properties';
import { QueryState } from '../../../components/query-state';
import { BREAK_LONG_WORDS } from '../../../components/text-styles';
import { paths } from '../../../config/paths';
import { useArrivalState } from '../../../lib/arrival-state';
import { currentLanguage } from '../../../lib/i18n';
import { AreaNoticeAlert, areaNoticeIn } from '../components/area-notice';
import { AreasNotFound } from '../components/areas-not-found';
import { PropertyAreasFilter } from '../components/property-areas-filter';
import { PropertyAreasList } from '../components/property-areas-list';
import { useAreaLabel } from '../model/area-name';
import { typeSearch } from '../model/area-type-param';
import { useAreaRowDetail } from '../model/property-areas-detail';
import { countByType, groupRows, toRows } from '../model/property-areas-rows';

/** The quick filter's text lives in the address (?q=), so coming back from an area keeps it. */
const QUERY_PARAM = 'q';

function CreateButtons({ propertyId, areaType }: { propertyId: string; areaType?: AreaType }) {
  const { t } = useTranslation('areas');
  // The forms start with the type being looked at.
  const search = typeSearch(areaType);
  return (
    <Group gap="sm">
      <Button
        component={Link}
        to={{ pathname: paths.propertyNewArea.href(propertyId), search }}
        color="blue.8"
      >
        {t('list.newArea')}
      </Button>
      <Button
        component={Link}
        to={{ pathname: paths.propertyNewAreas.href(propertyId), search }}
        variant="outline"
        color="blue.8"
      >
        {t('list.newAreas')}
      </Button>
    </Group>
  );
}

function EmptyText({ areaType, isSiteManager }: { areaType?: AreaType; isSiteManager: boolean }) {
  const { t } = useTranslation('areas');
  return (
    <Stack gap={4}>
      <Text fw={600}>
        {areaType ? t('list.emptyOfType', { type: t(`type.${areaType}`) }) : t('list.empty')}
      </Text>
      <Text c="dimmed" size="sm">
        {isSiteManager ? t('list.emptyHintManager') : t('list.emptyHintUser')}
      </Text>
    </Stack>
  );
}

function AreasBrowser({
  propertyId,
  areaType,
  areas,
  isSiteManager,
}: {
  propertyId: string;
  areaType: AreaType | undefined;
  areas: Area[];
  isSiteManager: boolean;
}) {
  const { t, i18n } = useTranslation('areas');
  const language = currentLanguage(i18n);
  const label = useAreaLabel();
  const detail = useAreaRowDetail();
  const [search, setSearch] = useSearchParams();
  // Kept here as well: the field must not wait for the router to update as one types.
  const [query, setQuery] = useState(() => search.get(QUERY_PARAM) ?? '');
  // Typing stays quick with hundreds of areas: the list catches up when there is time.
  const shownQuery = useDeferredValue(query);

  const rows = useMemo(
    () => toRows(areas, { label, detail }, language),
    [areas, label, detail, language],
  );
  const counts = useMemo(() => countByType(rows), [rows]);
  const groups = useMemo(
    () => groupRows(rows, { type: areaType, query: shownQuery, language }),
    [rows, areaType, shownQuery, language],
  );

  function changeQuery(event: ChangeEvent<HTMLInputElement>) {
    const next = event.currentTarget.value;
    setQuery(next);
    setSearch(next === '' ? {} : { [QUERY_PARAM]: next }, { replace: true });
  }

  if (areas.length === 0) return <EmptyText isSiteManager={isSiteManager} />;
  const filtered = shownQuery.trim() !== '';
  const matches = groups.some((group) => group.rows.length > 0);
  return (
    <Stack gap="lg">
      <PropertyAreasFilter
        propertyId={propertyId}
        selected={areaType}
        counts={counts}
        search={query === '' ? '' : `?${createSearchParams({ [QUERY_PARAM]: query })}`}
      />
      <TextInput
        type="search"
        label={t('list.search')}
        name="q"
        autoComplete="off"
        value={query}
        onChange={changeQuery}
        maw={400}
      />
      {groups.length === 0 ? (
        <EmptyText areaType={areaType} isSiteManager={isSiteManager} />
      ) : matches ? (
        <PropertyAreasList groups={groups} filtered={filtered} />
      ) : (
        <Text c="dimmed">{t('list.noMatch', { query: shownQuery.trim() })}</Text>
      )}
    </Stack>
  );
}

function PropertyHeading({ property }: { property: Property }) {
  const { t } = useTranslation('areas');
  return (
    <Stack gap={4}>
      <Title order={1} style={BREAK_LONG_WORDS}>
        {property.name}
      </Title>
      <Group gap="md">
        {property.address && (
          <Text c="dimmed" size="sm">
            {property.address}
          </Text>
        )}
        <Anchor component={Link} c="blue.8" size="sm" to={paths.propertyOverview.href(property.id)}>
          {t('list.overview')}
        </Anchor>
      </Group>
    </Stack>
  );
}

function PropertyAreas({ propertyId, areaType }: { propertyId: string; areaType?: AreaType }) {
  const { t } = useTranslation('areas');
  const isSiteManager = useIsSiteManager();
  const [notice, dismissNotice] = useArrivalState(areaNoticeIn);
  const property = useGetPropertyQuery(propertyId);
  const areas = useGetAreasQuery({ propertyId });

  return (
    <QueryState
      queries={[property, areas]}
      notFound={<AreasNotFound subject="property" propertyId={propertyId} />}
      failed={{ title: t('messages.fetchFailed'), text: t('messages.connection') }}
      failedFrame={(alert) => (
        <Stack gap="lg">
          <Title order={1}>{t('list.title')}</Title>
          {alert}
        </Stack>
      )}
    >
      {() =>
        property.data &&
        areas.data && (
          <Stack gap="lg">
            <PropertyHeading property={property.data} />
            <AreaNoticeAlert notice={notice} onClose={dismissNotice} />
            {isSiteManager && <CreateButtons propertyId={propertyId} areaType={areaType} />}
            <AreasBrowser
              propertyId={propertyId}
              areaType={areaType}
              areas={areas.data}
              isSiteManager={isSiteManager}
            />
          </Stack>
        )
      }
    </QueryState>
  );
}

export default function PropertyAreasScreen() {
  const { propertyId = '', areaType } = useParams();
  if (areaType !== undefined && !isAreaType(areaType))
    return <AreasNotFound subject="type" propertyId={propertyId} />;
  return <PropertyAreas propertyId={propertyId} areaType={areaType} />;
}
