// The dashboard's view of the user's properties (SPEC §2 ''): a card per property with its
// address, organization and areas, SPEC §8's 'No properties' with the way to create one, and
// 'Something went wrong' with a retry when they cannot be fetched.
import { Anchor, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Property } from '@portal/contracts/properties';
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

function PropertyCard({ property }: { property: Property }) {
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
      </Stack>
    </Card>
  );
}

/** Placeholders of the cards' size, so the page does not jump when they arrive. */
function Placeholders() {
  return (
    <SimpleGrid cols={GRID_COLUMNS} spacing="sm" aria-hidden>
      {[1, 2, 3].map((key) => (
        <Skeleton key={key} height={112} radius="md" />
      ))}
    </SimpleGrid>
  );
}

/** Asks for the properties at once, beside the signed-in user rather than after it (W8). */
export function PropertyGlance() {
  const { t, i18n } = useTranslation('properties');
  const language = currentLanguage(i18n);
  // Enough to count them for 'Show all 8' in all but the largest companies, which get 'Show all'.
  const { data, isLoading, isError, refetch } = useGetPropertiesQuery({ limit: COUNTED_LIMIT });
  const collator = textCollator(language);
  const properties = [...(data?.items ?? [])].sort((a, b) => collator.compare(a.name, b.name));
  const counted = data !== undefined && data.nextCursor === null;
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
        <Placeholders />
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
          {properties.slice(0, GLANCE_LIMIT).map((property) => (
            <PropertyCard key={property.id} property={property} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
