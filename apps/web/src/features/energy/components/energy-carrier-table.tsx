// How the primary energy number is made, row by row (DESIGN §5 "Energy figures"): each carrier's
// energy for each purpose, Fgeo where it divides (heating only), the weighting factor, the
// weighted energy, their sum, and the sum over Atemp that gives EP.
import { Stack, Table, Text, Title } from '@mantine/core';
import type { EnergySummary } from '@portal/contracts/energy-summary';
import { useTranslation } from 'react-i18next';
import { ScrollingTable } from '../../../components/scrolling-table';
import {
  energyKwhFormatter,
  formatFactor,
  formatKwhPerSquareMetre,
  formatNumber,
} from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';

/** Below this the table scrolls sideways rather than squeezing its six columns (360 px phones). */
const TABLE_MIN_WIDTH = 640;

export function EnergyCarrierTable({
  summary,
}: {
  summary: Pick<EnergySummary, 'byCarrier' | 'geoFactor' | 'heatedArea' | 'primaryEnergyNumber'>;
}) {
  const { t, i18n } = useTranslation('energy');
  const language = currentLanguage(i18n);
  const { byCarrier, geoFactor, heatedArea, primaryEnergyNumber } = summary;
  const totalEnergy = byCarrier.reduce((sum, share) => sum + share.energyKwh, 0);
  const totalWeighted = byCarrier.reduce((sum, share) => sum + share.weightedKwh, 0);
  // The table's energies in one unit, chosen by its largest (a total).
  const energy = energyKwhFormatter([totalEnergy, totalWeighted], language);

  return (
    <Stack gap="sm" component="section" aria-labelledby="energy-carriers">
      <Title order={2} size="h4" id="energy-carriers">
        {t('carriers.title')}
      </Title>
      {byCarrier.length === 0 ? (
        <Text c="dimmed">{t('carriers.none')}</Text>
      ) : (
        <ScrollingTable label={t('carriers.title')} minWidth={TABLE_MIN_WIDTH}>
          <Table captionSide="top" striped withTableBorder>
            <Table.Caption style={{ textAlign: 'start' }}>{t('carriers.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('carriers.carrier')}</Table.Th>
                <Table.Th scope="col">{t('carriers.purpose')}</Table.Th>
                <Table.Th scope="col" ta="end">
                  {t('carriers.energy')}
                </Table.Th>
                <Table.Th scope="col" ta="end">
                  {t('carriers.geoFactor')}
                </Table.Th>
                <Table.Th scope="col" ta="end">
                  {t('carriers.weightingFactor')}
                </Table.Th>
                <Table.Th scope="col" ta="end">
                  {t('carriers.weighted')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {byCarrier.map((share) => (
                <Table.Tr key={`${share.carrier} ${share.purpose}`}>
                  <Table.Th scope="row" fw={400}>
                    {t(`carrier.${share.carrier}`)}
                  </Table.Th>
                  <Table.Td>{t(`purpose.${share.purpose}`)}</Table.Td>
                  <Table.Td ta="end">{energy(share.energyKwh)}</Table.Td>
                  <Table.Td ta="end">
                    {share.geoFactorApplied
                      ? t('carriers.geoFactorApplied', {
                          value: formatFactor(geoFactor, language),
                        })
                      : t('carriers.geoFactorNotApplied')}
                  </Table.Td>
                  <Table.Td ta="end">{`× ${formatFactor(share.weightingFactor, language)}`}</Table.Td>
                  <Table.Td ta="end">{energy(share.weightedKwh)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th scope="row">{t('carriers.total')}</Table.Th>
                <Table.Td />
                <Table.Td ta="end" fw={700}>
                  {energy(totalEnergy)}
                </Table.Td>
                <Table.Td />
                <Table.Td />
                <Table.Td ta="end" fw={700}>
                  {energy(totalWeighted)}
                </Table.Td>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </ScrollingTable>
      )}
      {heatedArea !== null && primaryEnergyNumber !== null && byCarrier.length > 0 && (
        <Text size="sm">
          {t('carriers.perArea', {
            area: t('summary.squareMetres', { value: formatNumber(heatedArea, language) }),
            value: formatKwhPerSquareMetre(primaryEnergyNumber, language),
          })}
        </Text>
      )}
    </Stack>
  );
}
