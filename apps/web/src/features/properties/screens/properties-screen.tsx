// The caller's properties (SPEC §2 properties): searchable by name, address and organization
// (filtered here; the list is small), each with its type, address, organization and areas and
// leading to the property. Site managers also get 'New property'.
import { Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import type { Property } from '@portal/contracts/properties';
import type { User } from '@portal/contracts/users';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGetPropertiesQuery } from '../../../api/properties';
import { LoadFailed } from '../../../components/load-failed';
import { Loading } from '../../../components/loading';
import { Notice } from '../../../components/notice';
import { WithSignedInUser } from '../../../components/signed-in-user';
import { BREAK_LONG_WORDS, UNSTYLED_LIST } from '../../../components/text-styles';
import { paths } from '../../../config/paths';
import { useArrivalState } from '../../../lib/arrival-state';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { PropertyEmpty } from '../components/property-empty';
import { useAreaCountWords } from '../model/property-area-counts';
import { propertyNoticeIn } from '../model/property-notice';
import { matchingProperties } from '../model/property-search';

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

function PropertyList({ properties }: { properties: Property[] }) {
  const { t, i18n } = useTranslation('properties');
  const language = currentLanguage(i18n);
  const [query, setQuery] = useState('');
  const collator = new Intl.Collator(language, { numeric: true });
  const sorted = [...properties].sort((a, b) => collator.compare(a.name, b.name));
  const shown = matchingProperties(sorted, query, language);
  const number = (value: number) => formatNumber(value, language);
  return (
    <Stack gap="md">
      <TextInput
        type="search"
        label={t('list.search')}
        placeholder={t('list.searchPlaceholder')}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        maw={480}
      />
      {/* Read out as the list narrows, so a screen reader hears what typing did. */}
      <Text size="sm" c="dimmed" aria-live="polite">
        {query.trim() === ''
          ? t('list.count', { count: sorted.length, formatted: number(sorted.length) })
          : t('list.shown', { shown: number(shown.length), total: number(sorted.length) })}
      </Text>
      {shown.length === 0 ? (
        <Group gap="sm">
          <Text>{t('list.noMatch', { query: query.trim() })}</Text>
          <Button variant="subtle" size="compact-sm" c="blue.9" onClick={() => setQuery('')}>
            {t('list.clearSearch')}
          </Button>
        </Group>
      ) : (
        <Stack component="ul" gap="sm" m={0} p={0} style={UNSTYLED_LIST}>
          {shown.map((property) => (
            <PropertyItem key={property.id} property={property} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function Properties({ user }: { user: User }) {
  const { t } = useTranslation('properties');
  const { data, isLoading, isError, refetch } = useGetPropertiesQuery({});
  const [notice, forgetNotice] = useArrivalState(propertyNoticeIn);
  return (
    <Stack gap="lg">
      {user.role === 'site-manager' && user.organizations.length > 0 && (
        <Group>
          <Button component={Link} to={paths.propertiesNew.href()} color="blue.8">
            {t('list.new')}
          </Button>
        </Group>
      )}
      {notice === 'deleted' && (
        <Notice kind="success" title={t('deleteDialog.deleted')} onClose={forgetNotice} />
      )}
      {isLoading ? (
        <Loading />
      ) : isError || !data ? (
        <LoadFailed
          title={t('load.failed')}
          text={t('load.listText')}
          onRetry={() => void refetch()}
        />
      ) : data.length === 0 ? (
        <PropertyEmpty user={user} headingOrder={2} />
      ) : (
        <PropertyList properties={data} />
      )}
    </Stack>
  );
}

export default function PropertiesScreen() {
  const { t } = useTranslation('properties');
  return (
    <Stack gap="lg" maw={800}>
      <Title order={1}>{t('list.title')}</Title>
      <WithSignedInUser>{(user) => <Properties user={user} />}</WithSignedInUser>
    </Stack>
  );
}
