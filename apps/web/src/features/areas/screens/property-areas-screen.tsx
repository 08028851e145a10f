// 'View listing areas' (SPEC §2: property/{id}, …/area, …/area/{areaType}): the property's areas
// grouped and counted by type, narrowed by the type in the address and by a search of names and
// numbers, a page of 200 at a time ('Show more'), with 'New area' and 'Several areas' for site
// managers of its organization. The API does the narrowing and paging: a property can have 5 000
// areas.
import { Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Area } from '@portal/contracts/areas';
import { AREA_TYPES, type AreaType, isAreaType } from '@portal/contracts/domain';
import type { Property } from '@portal/contracts/properties';
import { type ChangeEvent, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createSearchParams, Link, useParams, useSearchParams } from 'react-router';
import { useGetAreasInfiniteQuery } from '../../../api/areas';
import { useIsSiteManager } from '../../../api/current-user';
import { itemsOf, type Page } from '../../../api/pages';
import { useGetPropertyQuery } from '../../../api/properties';
import { AreasNotFound } from '../../../components/areas-not-found';
import { LoadFailed } from '../../../components/load-failed';
import { type QueryLike, QueryState } from '../../../components/query-state';
import { ShowMore } from '../../../components/show-more';
import { BREAK_LONG_WORDS } from '../../../components/text-styles';
import { paths } from '../../../config/paths';
import { useAreaLabel } from '../../../lib/area-name';
import { useArrivalState } from '../../../lib/arrival-state';
import { currentLanguage } from '../../../lib/i18n';
import { type AreaNotice, AreaNoticeAlert, areaNoticeIn } from '../components/area-notice';
import { PropertyAreasFilter } from '../components/property-areas-filter';
import { PropertyAreasList } from '../components/property-areas-list';
import { typeSearch } from '../model/area-type-param';
import { useAreaRowDetail } from '../model/property-areas-detail';
import { groupRows, toRows } from '../model/property-areas-rows';

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

/** Typing waits this long before the API is asked: one request for a word, not one a letter. */
const SEARCH_DELAY_MS = 300;

/** The search's text, kept in the address, and the text the API is asked about once typing pauses. */
function useAreaSearch() {
  const [search, setSearch] = useSearchParams();
  // Kept here as well: the field must not wait for the router to update as one types.
  const [query, setQuery] = useState(() => search.get(QUERY_PARAM) ?? '');
  const [askedQuery] = useDebouncedValue(query.trim(), SEARCH_DELAY_MS);
  function changeQuery(event: ChangeEvent<HTMLInputElement>) {
    const next = event.currentTarget.value;
    setQuery(next);
    setSearch(next === '' ? {} : { [QUERY_PARAM]: next }, { replace: true });
  }
  return { query, askedQuery, changeQuery };
}

/** What the list needs of its pages' query. */
type AreaPages = QueryLike & {
  data?: { pages: Page<Area>[] };
  isFetching: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
};

function AreasBrowser({
  property,
  areaType,
  areas,
  search: { query, askedQuery, changeQuery },
  isSiteManager,
}: {
  property: Property;
  areaType: AreaType | undefined;
  areas: AreaPages;
  search: ReturnType<typeof useAreaSearch>;
  isSiteManager: boolean;
}) {
  const { t, i18n } = useTranslation('areas');
  const language = currentLanguage(i18n);
  const label = useAreaLabel();
  const detail = useAreaRowDetail();
  // A page arriving (up to 200 rows) is labelled, sorted and drawn in a background render that
  // React splits into short tasks, after the rest of the screen has been drawn: the main thread is
  // not held for one long task (W8's total blocking time) and the heading shows first.
  // No rows on the screen's first render either (null until then), or a list arriving with the
  // property would be drawn at once.
  const latest = areas.data ?? null;
  const data = useDeferredValue(latest, null);
  const drawing = data !== latest;
  const items = useMemo(() => itemsOf(data ?? undefined), [data]);
  const rows = useMemo(
    () => toRows(items, { label, detail }, language),
    [items, label, detail, language],
  );
  const groups = useMemo(() => groupRows(rows, property.areaCounts), [rows, property.areaCounts]);

  const total = AREA_TYPES.reduce((sum, type) => sum + property.areaCounts[type], 0);
  if (total === 0) return <EmptyText isSiteManager={isSiteManager} />;
  const ofType = areaType ? property.areaCounts[areaType] : total;
  // The answer for what is typed now has not come yet: the rows shown are the last answer's.
  const searching = askedQuery !== query.trim() || areas.isFetching || drawing;
  return (
    <Stack gap="lg">
      <PropertyAreasFilter
        propertyId={property.id}
        selected={areaType}
        counts={property.areaCounts}
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
      {areas.isError ? (
        // A search or a next page that failed: the field stays, the list says so and can retry.
        <LoadFailed
          title={t('messages.fetchFailed')}
          text={t('messages.connection')}
          onRetry={() => void areas.refetch()}
        />
      ) : (
        <Stack gap="lg" aria-busy={searching}>
          {ofType === 0 ? (
            <EmptyText areaType={areaType} isSiteManager={isSiteManager} />
          ) : groups.length > 0 ? (
            <PropertyAreasList groups={groups} />
          ) : (
            !searching && <Text c="dimmed">{t('list.noMatch', { query: askedQuery })}</Text>
          )}
          {/* Below the rows, so not before the first ones are drawn (it would jump down as they
              appear); after that it stays, and keeps the focus of whoever pressed it. */}
          {!(drawing && data === null) && <ShowMore pages={areas} label={t('list.more')} />}
        </Stack>
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

/** The screen once the property is known: its organization decides what the user may do. */
function PropertyAreasOf({
  property,
  areaType,
  areas,
  search,
  notice,
}: {
  property: Property;
  areaType: AreaType | undefined;
  areas: AreaPages;
  search: ReturnType<typeof useAreaSearch>;
  /** The message this screen was opened with, and the way to dismiss it. */
  notice: [AreaNotice | undefined, () => void];
}) {
  const isSiteManager = useIsSiteManager(property.organizationId);
  const [shown, dismissNotice] = notice;
  return (
    <Stack gap="lg">
      <PropertyHeading property={property} />
      <AreaNoticeAlert notice={shown} onClose={dismissNotice} />
      {isSiteManager && <CreateButtons propertyId={property.id} areaType={areaType} />}
      <AreasBrowser
        property={property}
        areaType={areaType}
        areas={areas}
        search={search}
        isSiteManager={isSiteManager}
      />
    </Stack>
  );
}

function PropertyAreas({ propertyId, areaType }: { propertyId: string; areaType?: AreaType }) {
  const { t } = useTranslation('areas');
  const notice = useArrivalState(areaNoticeIn);
  const property = useGetPropertyQuery(propertyId);
  const search = useAreaSearch();
  // Asked for beside the property, not after it. The API searches and pages (a property may
  // have 5 000 areas): a page of 200 at a time.
  const areas = useGetAreasInfiniteQuery({
    propertyId,
    type: areaType,
    q: search.askedQuery || undefined,
  });

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
        property.data && (
          <PropertyAreasOf
            property={property.data}
            areaType={areaType}
            areas={areas}
            search={search}
            notice={notice}
          />
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
