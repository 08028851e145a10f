// The dashboard's view of the user's properties (SPEC §2 ''): a card per property with its
// address, organization and areas, SPEC §8's 'No properties' with the way to create one, and
// 'Something went wrong' with a retry when they cannot be fetched. A route module may add a section
// of another feature to every card (app/routes/dashboard.tsx: its energy).
import { Anchor, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Property } from '@portal/contracts/properties';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGetPropertiesQuery } from '../../../api/properties';
import { LoadFailed } from '../../../components/load-failed';
import { WithSignedInUser } from '../../../components/signed-in-user';
import { BREAK_LONG_WORDS, UNSTYLED_LIST } from '../../../components/text-styles';
import { paths } from '../../../config/paths';
import { formatNumber, textCollator } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useAreaCountWords } from '../model/property-area-counts';
import { PropertyEmpty } from './property-empty';

/** More than this and the dashboard shows the first ones and leads to the full list. */
export const GLANCE_LIMIT = 6;
/** How many the glance asks for, so it can say how many there are. */
const COUNTED_LIMIT = 100;

const GRID_COLUMNS = { base: 1, sm: 2, lg: 3 } as const;

/** A card's height while the properties load, without a section of another feature. */
const CARD_HEIGHT = 112;

/**
 * What a route module adds to each card, given its property and the ids of every property the
 * cards show, in their order (so that one call can fetch for all of them).
 */
export type PropertyCardSection = (property: Property, shownIds: readonly string[]) => ReactNode;

function PropertyCard({ property, section }: { property: Property; section?: ReactNode }) {
  const areas = useAreaCountWords();
  return (
    <Card component="li" withBorder padding="md">
      <Stack gap={4}>
        <Title order={3} size="h5" style={BREAK_LONG_WORDS}>
          <Anchor component={Link} to={paths.property.href(property.id)} c="blue.8" inherit>
            {property.name}
          </Anchor>
        </Title>
        {property.address && (
          <Text size="sm" style={BREAK_LONG_WORDS}>
            {property.address}
          </Text>
        )}
        <Text size="sm" c="dimmed" style={BREAK_LONG_WORDS}>
          {property.organizationName}
        </Text>
        <Text size="sm" c="dimmed">
          {areas.summary(property.areaCounts)}
        </Text>
        {section}
      </Stack>
    </Card>
  );
}

/** Placeholders of the cards' size, so the page does not jump when they arrive. */
function Placeholders({ height }: { height: number }) {
  return (
    <SimpleGrid cols={GRID_COLUMNS} spacing="sm" aria-hidden>
      {[1, 2, 3].map((key) => (
        <Skeleton key={key} height={height} radius="md" />
      ))}
    </SimpleGrid>
  );
}

/** Asks for the properties at once, beside the signed-in user rather than after it (W8). */
export function PropertyGlance({
  cardSection,
  cardSectionHeight = 0,
}: {
  cardSection?: PropertyCardSection;
  /** The height in px the section keeps in each card, which the placeholders add (CLS). */
  cardSectionHeight?: number;
} = {}) {
  const { t, i18n } = useTranslation('properties');
  const language = currentLanguage(i18n);
  // Enough to count them for 'Show all 8' in all but the largest companies, which get 'Show all'.
  const { data, isLoading, isError, refetch } = useGetPropertiesQuery({ limit: COUNTED_LIMIT });
  const collator = textCollator(language);
  const properties = [...(data?.items ?? [])].sort((a, b) => collator.compare(a.name, b.name));
  const counted = data !== undefined && data.nextCursor === null;
  const shown = properties.slice(0, GLANCE_LIMIT);
  const shownIds = shown.map((property) => property.id);
  return (
    <Stack gap="sm" component="section" aria-labelledby="property-glance" aria-busy={isLoading}>
      <Group justify="space-between" gap="xs">
        <Title order={2} size="h3" id="property-glance">
          {t('glance.title')}
        </Title>
        {/* Named without 'properties': the menu's 'Properties' stays the one link of that name. */}
        {properties.length > 0 && (
          <Anchor component={Link} to={paths.properties.href()} c="blue.8" size="sm">
            {properties.length > GLANCE_LIMIT && counted
              ? t('glance.allCount', { formatted: formatNumber(properties.length, language) })
              : t('glance.all')}
          </Anchor>
        )}
      </Group>
      {isLoading ? (
        <Placeholders height={CARD_HEIGHT + cardSectionHeight} />
      ) : isError || !data ? (
        <LoadFailed
          title={t('load.failed')}
          text={t('glance.failedText')}
          onRetry={() => void refetch()}
        />
      ) : properties.length === 0 ? (
        <WithSignedInUser>
          {(user) => <PropertyEmpty user={user} headingOrder={3} />}
        </WithSignedInUser>
      ) : (
        <SimpleGrid
          component="ul"
          cols={GRID_COLUMNS}
          spacing="sm"
          m={0}
          p={0}
          style={UNSTYLED_LIST}
        >
          {shown.map((property) => (
            <PropertyCard
              key={property.id}
              property={property}
              section={cardSection?.(property, shownIds)}
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
