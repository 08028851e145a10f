// The property's areas, one section per type with its count, each area a link to its screen.
// A page holds up to 200 areas: the rows are plain links in a grid (two columns even on a
// phone), and a group whose rows have not changed is not drawn again when a page is added.
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

const AreaGroupSection = memo(function AreaGroupSection({ group }: { group: AreaGroup }) {
  const { t, i18n } = useTranslation('areas');
  const language = currentLanguage(i18n);
  const headingId = `areas-of-type-${group.type}`;
  const type = t(`typePlural.${group.type}`);
  return (
    <Stack component="section" aria-labelledby={headingId} gap="xs">
      <Title order={2} size="h4" id={headingId}>
        {/* Narrowed by the search, or not all pages here yet: how many of the type are shown. */}
        {group.rows.length < group.total
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

export function PropertyAreasList({ groups }: { groups: AreaGroup[] }) {
  return (
    <Stack gap="xl">
      {groups.map((group) => (
        <AreaGroupSection key={group.type} group={group} />
      ))}
    </Stack>
  );
}
