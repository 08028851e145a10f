// A property's energy on its overview (SPEC §2 overview): this month's use per meter type against
// the same days a year earlier, with the change, the energy class of the last 12 months leading to
// the energy summary, and the ways into every energy view. Shown beside the property's details by
// the route module (app/routes/property-overview.tsx): the properties feature does not know energy.
import { Anchor, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { Property } from '@portal/contracts/properties';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryState } from '../../../components/query-state';
import { ScrollingTable } from '../../../components/scrolling-table';
import { UNSTYLED_LIST } from '../../../components/text-styles';
import { paths } from '../../../config/paths';
import { formatLocalDateWindow } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useEnergyOverview } from '../api/energy-api';
import { EnergyClassBadge } from './energy-class-badge';
import { useMonthUseTexts } from './month-use-change';

/** Where the energy views are, in the order of the property menu. */
function EnergyLinks({ propertyId }: { propertyId: string }) {
  const { t } = useTranslation('energy');
  const { t: shared } = useTranslation();
  const links = [
    { to: paths.propertyEnergySummary.href(propertyId), label: t('month.summary') },
    { to: paths.propertyCompare.href(propertyId), label: shared('nav.compare') },
    { to: paths.propertyUsage.href(propertyId), label: shared('nav.usage') },
    { to: paths.propertySolar.href(propertyId), label: shared('nav.solar') },
  ];
  return (
    <nav aria-label={t('month.links')}>
      <Group component="ul" gap="md" m={0} p={0} style={UNSTYLED_LIST}>
        {links.map((link) => (
          <li key={link.to}>
            <Anchor component={Link} to={link.to} c="blue.8">
              {link.label}
            </Anchor>
          </li>
        ))}
      </Group>
    </nav>
  );
}

export function PropertyEnergySection({ property }: { property: Property }) {
  const { t, i18n } = useTranslation('energy');
  const language = currentLanguage(i18n);
  const query = useEnergyOverview([property.id]);
  const glance = query.data?.properties.find((entry) => entry.propertyId === property.id);
  const texts = useMonthUseTexts();

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="property-energy">
      <Group justify="space-between" gap="xs" mb="sm">
        <Title order={2} size="h4" id="property-energy">
          {t('month.title')}
        </Title>
        {glance && (
          <EnergyClassBadge
            energyClass={glance.energyClass}
            to={paths.propertyEnergySummary.href(property.id)}
          />
        )}
      </Group>
      <Stack gap="md">
        <QueryState
          queries={[query]}
          failed={{ title: t('load.failed'), text: t('load.overviewText') }}
          loading={<Skeleton height={96} radius="sm" />}
        >
          {() =>
            !glance || glance.byType.length === 0 ? (
              <Text c="dimmed">{t('month.noMeters')}</Text>
            ) : (
              <ScrollingTable
                label={t('month.window', {
                  window: formatLocalDateWindow(glance.month.from, glance.month.to, language),
                })}
                minWidth={420}
              >
                <Table captionSide="top">
                  <Table.Caption style={{ textAlign: 'start' }}>
                    {t('month.window', {
                      window: formatLocalDateWindow(glance.month.from, glance.month.to, language),
                    })}
                  </Table.Caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t('month.type')}</Table.Th>
                      <Table.Th scope="col" ta="end">
                        {t('month.thisMonth')}
                      </Table.Th>
                      <Table.Th scope="col" ta="end">
                        {t('month.lastYear')}
                      </Table.Th>
                      <Table.Th scope="col" ta="end">
                        {t('month.change')}
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {glance.byType.map((use) => {
                      const text = texts(use);
                      return (
                        <Table.Tr key={use.type}>
                          <Table.Th scope="row" fw={600}>
                            {text.type}
                            {text.flags.length > 0 && (
                              <Text component="span" size="xs" c="dimmed" fw={400}>
                                {` (${text.flags.join(', ')})`}
                              </Text>
                            )}
                          </Table.Th>
                          <Table.Td ta="end">{text.thisMonth}</Table.Td>
                          <Table.Td ta="end">{text.lastYear}</Table.Td>
                          <Table.Td ta="end" fw={600}>
                            {text.change}
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </ScrollingTable>
            )
          }
        </QueryState>
        <EnergyLinks propertyId={property.id} />
      </Stack>
    </Card>
  );
}
