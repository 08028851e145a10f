// The property's areas, one section per type with its count, each area a link to its screen.
// A property can have hundreds of apartments: the rows are plain links in a grid (two columns
// even on a phone), and the groups skip the quick filter's urgent renders (it is deferred).
import { Anchor, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BREAK_LONG_WORDS, UNSTYLED_LIST } from '../../../components/text-styles';
import { paths } from '../../../config/paths';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import type { AreaGroup, AreaRow } from '../model/property-areas-rows';

function AreaLink({ row }: { row: AreaRow }) {
  const { area, detail } = row;
  return (
    <li>
      <Anchor
        component={Link}
        to={paths.area.href(area.propertyId, area.areaType, area.id)}
        c="blue.8"
        fw={500}
        style={BREAK_LONG_WORDS}
      >
        {row.label}
      </Anchor>
      {detail && (
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      )}
    </li>
  );
}

const AreaGroupSection = memo(function AreaGroupSection({
  group,
  filtered,
}: {
  group: AreaGroup;
  /** The quick filter is in use: the heading says how many of the type match. */
  filtered: boolean;
}) {
  const { t, i18n } = useTranslation('areas');
  const language = currentLanguage(i18n);
  const headingId = `areas-of-type-${group.type}`;
  const type = t(`typePlural.${group.type}`);
  return (
    <Stack component="section" aria-labelledby={headingId} gap="xs">
      <Title order={2} size="h4" id={headingId}>
        {filtered
          ? t('list.typeFiltered', {
              type,
              shown: formatNumber(group.rows.length, language),
              total: formatNumber(group.total, language),
            })
          : t('list.typeWithCount', { type, formatted: formatNumber(group.total, language) })}
      </Title>
      <SimpleGrid
        component="ul"
        cols={{ base: 2, sm: 3, lg: 4 }}
        spacing="md"
        verticalSpacing="xs"
        m={0}
        p={0}
        style={UNSTYLED_LIST}
      >
        {group.rows.map((row) => (
          <AreaLink key={row.area.id} row={row} />
        ))}
      </SimpleGrid>
    </Stack>
  );
});

export function PropertyAreasList({
  groups,
  filtered,
}: {
  groups: AreaGroup[];
  filtered: boolean;
}) {
  return (
    <Stack gap="xl">
      {groups
        // With the quick filter in use, a type with no match is left out rather than shown empty.
        .filter((group) => group.rows.length > 0)
        .map((group) => (
          <AreaGroupSection key={group.type} group={group} filtered={filtered} />
        ))}
    </Stack>
  );
}
