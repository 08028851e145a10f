// The caller's properties (SPEC §2 properties): searchable by name, address and organization,
// each with its type, address, organization and areas and leading to the property, a page of
// 200 at a time ('Show more'; the API searches and pages). Whoever manages an organization also
// gets 'New property'.
import { Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Property } from '@portal/contracts/properties';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { managedOrganizations, useCurrentUserQuery } from '../../../api/current-user';
import { itemsOf, type Page } from '../../../api/pages';
import { useGetPropertyPagesInfiniteQuery } from '../../../api/properties';
import { LoadFailed } from '../../../components/load-failed';
import { Loading } from '../../../components/loading';
import { Notice } from '../../../components/notice';
import { ShowMore } from '../../../components/show-more';
import { WithSignedInUser } from '../../../components/signed-in-user';
import { BREAK_LONG_WORDS, UNSTYLED_LIST } from '../../../components/text-styles';
import { paths } from '../../../config/paths';
import { useArrivalState } from '../../../lib/arrival-state';
import { formatNumber, textCollator } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { PropertyEmpty } from '../components/property-empty';
import { useAreaCountWords } from '../model/property-area-counts';
import { propertyNoticeIn } from '../model/property-notice';

function PropertyItem({ property }: { property: Property }) {
  const { t } = useTranslation('properties');
  const areas = useAreaCountWords();
  return (
    <Paper component="li" withBorder p="md">
      <Stack gap={4}>
        <Title order={2} size="h4" style={BREAK_LONG_WORDS}>
          <Anchor component={Link} to={paths.property.href(property.id)} c="blue.8" inherit>
            {property.name}
          </Anchor>
        </Title>
        <Text size="sm" style={BREAK_LONG_WORDS}>
          {property.address || t('fields.notGiven')}
        </Text>
        <Text size="sm" c="dimmed" style={BREAK_LONG_WORDS}>
          {t(`propertyType.${property.propertyType}`)} · {property.organizationName}
        </Text>
        <Text size="sm" c="dimmed">
          {areas.byType(property.areaCounts)}
        </Text>
      </Stack>
    </Paper>
  );
}

/** Typing waits this long before the API is asked: one request for a word, not one a letter. */
const SEARCH_DELAY_MS = 300;

type PropertyPages = {
  data?: { pages: Page<Property>[] };
  hasNextPage: boolean;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  isError: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
};

/** How many are shown: all of them, so many of all, or the first so many of more. */
function useCountLine(shown: PropertyPages, all: PropertyPages, searching: boolean) {
  const { t, i18n } = useTranslation('properties');
  const language = currentLanguage(i18n);
  const number = (value: number) => formatNumber(value, language);
  const count = itemsOf(shown.data).length;
  if (shown.hasNextPage) return t('list.first', { shown: number(count) });
  const total = all.hasNextPage ? undefined : itemsOf(all.data).length;
  return searching && total !== undefined
    ? t('list.shown', { shown: number(count), total: number(total) })
    : t('list.count', { count, formatted: number(count) });
}

function PropertyList({
  pages,
  all,
  query,
  onQueryChange,
}: {
  /** The pages shown: of the search, or of all when nothing is typed. */
  pages: PropertyPages;
  all: PropertyPages;
  query: { typed: string; asked: string };
  onQueryChange: (typed: string) => void;
}) {
  const { t, i18n } = useTranslation('properties');
  const language = currentLanguage(i18n);
  const collator = textCollator(language);
  // The API orders by name as the database compares; the page reads in the language's order.
  const shown = itemsOf(pages.data).sort((a, b) => collator.compare(a.name, b.name));
  const searching = query.asked !== '';
  const countLine = useCountLine(pages, all, searching);
  const waiting = query.asked !== query.typed.trim() || pages.isFetching;
  return (
    <Stack gap="md">
      <TextInput
        type="search"
        label={t('list.search')}
        placeholder={t('list.searchPlaceholder')}
        value={query.typed}
        onChange={(event) => onQueryChange(event.currentTarget.value)}
        maw={480}
      />
      {/* Read out as the list narrows, so a screen reader hears what typing did. */}
      <Text size="sm" c="dimmed" aria-live="polite">
        {countLine}
      </Text>
      {pages.isError ? (
        <LoadFailed
          title={t('load.failed')}
          text={t('load.listText')}
          onRetry={() => void pages.refetch()}
        />
      ) : shown.length === 0 ? (
        !waiting && (
          <Group gap="sm">
            <Text>{t('list.noMatch', { query: query.asked })}</Text>
            <Button variant="subtle" size="compact-sm" c="blue.9" onClick={() => onQueryChange('')}>
              {t('list.clearSearch')}
            </Button>
          </Group>
        )
      ) : (
        <Stack component="ul" gap="sm" m={0} p={0} style={UNSTYLED_LIST} aria-busy={waiting}>
          {shown.map((property) => (
            <PropertyItem key={property.id} property={property} />
          ))}
        </Stack>
      )}
      <ShowMore pages={pages} label={t('list.more')} />
    </Stack>
  );
}

/** Asks for the list at once, beside the signed-in user rather than after it; only the 'New
 * property' button and the empty state wait for the user. */
function Properties() {
  const { data: user } = useCurrentUserQuery();
  const { t } = useTranslation('properties');
  const [typed, setTyped] = useState('');
  const [asked] = useDebouncedValue(typed.trim(), SEARCH_DELAY_MS);
  // The API searches and pages: all of them (a page of 200 at a time), and what was typed.
  const all = useGetPropertyPagesInfiniteQuery({});
  const searched = useGetPropertyPagesInfiniteQuery(asked === '' ? skipToken : { q: asked });
  const pages = asked === '' ? all : searched;
  const [notice, forgetNotice] = useArrivalState(propertyNoticeIn);
  return (
    <Stack gap="lg">
      {user && managedOrganizations(user).length > 0 && (
        <Group>
          <Button component={Link} to={paths.propertiesNew.href()} color="blue.8">
            {t('list.new')}
          </Button>
        </Group>
      )}
      {notice === 'deleted' && (
        <Notice kind="success" title={t('deleteDialog.deleted')} onClose={forgetNotice} />
      )}
      {all.isLoading ? (
        <Loading />
      ) : all.isError && !all.data ? (
        <LoadFailed
          title={t('load.failed')}
          text={t('load.listText')}
          onRetry={() => void all.refetch()}
        />
      ) : itemsOf(all.data).length === 0 ? (
        <WithSignedInUser>
          {(user) => <PropertyEmpty user={user} headingOrder={2} />}
        </WithSignedInUser>
      ) : (
        <PropertyList pages={pages} all={all} query={{ typed, asked }} onQueryChange={setTyped} />
      )}
    </Stack>
  );
}

export default function PropertiesScreen() {
  const { t } = useTranslation('properties');
  return (
    <Stack gap="lg" maw={800}>
      <Title order={1}>{t('list.title')}</Title>
      <Properties />
    </Stack>
  );
}
