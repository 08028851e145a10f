// A ranking of the compare screen (areas against each other, or the organization's properties):
// highest first, by use per m² where every one has its m² (else by use, and it says so), the
// median drawn as a line across the bars and named, each entry's multiple of the median, and the
// entries far from it flagged in words and by hatching — so a leak or a misreading stands out.
// The same numbers as a table, the median a marked row in its place.
import { Badge, Group, Stack, Switch, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { Compare } from '@portal/contracts/compare';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMeasure, formatMeasureValue, formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import {
  type ContractUnit,
  displayUnitFor,
  fractionDigitsFor,
  type MeasureUnit,
  perSquareMetreUnitFor,
  toDisplayUnit,
} from '../../../lib/units';
import {
  FAR_ABOVE_MEDIAN,
  FAR_BELOW_MEDIAN,
  type Standing,
  standingOf,
} from '../model/ranking-standing';
import './compare-ranking.css';

type Ranked = NonNullable<Compare['ranking']>[number];

export type RankingOf = 'areas' | 'properties';

/** How every value of the ranking is shown: one unit, one number of decimals. */
function scaleOf(compare: Compare, unit: ContractUnit) {
  const ranking = compare.ranking ?? [];
  const perSquareMetre = compare.basis === 'perSquareMetre';
  const rankedBy = (entry: Ranked) => (perSquareMetre ? (entry.perSquareMetre ?? 0) : entry.total);
  const shownIn: MeasureUnit = perSquareMetre
    ? perSquareMetreUnitFor(unit)
    : displayUnitFor(unit, ranking.map(rankedBy));
  const totalIn = displayUnitFor(
    unit,
    ranking.map((entry) => entry.total),
  );
  const largest = Math.max(0, ...ranking.map(rankedBy), compare.median ?? 0);
  const largestTotal = Math.max(0, ...ranking.map((entry) => entry.total));
  return {
    rankedBy,
    largest,
    unit: shownIn,
    digits: fractionDigitsFor(shownIn, toDisplayUnit(largest, shownIn)),
    totalUnit: totalIn,
    totalDigits: fractionDigitsFor(totalIn, toDisplayUnit(largestTotal, totalIn)),
  };
}

type Scale = ReturnType<typeof scaleOf>;

function StandingBadge({ standing }: { standing: Standing }) {
  const { t } = useTranslation('energy');
  if (standing === 'near') return null;
  return (
    <Badge
      variant="outline"
      color={standing === 'above' ? 'red.9' : 'gray.8'}
      size="sm"
      leftSection={<span aria-hidden>{standing === 'above' ? '▲' : '▼'}</span>}
    >
      {t(`compare.ranking.standing.${standing}`)}
    </Badge>
  );
}

function EstimatedMark() {
  const { t } = useTranslation('energy');
  return (
    <>
      <span aria-hidden>*</span>
      <VisuallyHidden> {t('compare.ranking.estimatedHidden')}</VisuallyHidden>
    </>
  );
}

function useTexts(scale: Scale) {
  const { t, i18n } = useTranslation('energy');
  const language = currentLanguage(i18n);
  const value = (raw: number) =>
    formatMeasure(toDisplayUnit(raw, scale.unit), scale.unit, language, scale.digits);
  return {
    language,
    value,
    total: (raw: number) =>
      formatMeasure(
        toDisplayUnit(raw, scale.totalUnit),
        scale.totalUnit,
        language,
        scale.totalDigits,
      ),
    squareMetres: (raw: number) =>
      `${formatNumber(raw, language, { maximumFractionDigits: 1 })}\u00a0m²`,
    ofMedian: (entry: Ranked) =>
      entry.ofMedian === null
        ? t('compare.ranking.noMedian')
        : t('compare.ranking.ofMedian', {
            value: formatNumber(entry.ofMedian, language, {
              minimumFractionDigits: 2,
              maximumFractionDigits: 2,
            }),
          }),
  };
}

/** The bars: the share of the largest value each entry reaches, the median's across them. */
function RankingBars({
  ranking,
  median,
  scale,
  nameOf,
}: {
  ranking: Ranked[];
  median: number | null;
  scale: Scale;
  nameOf: (entry: Ranked) => ReactNode;
}) {
  const { t } = useTranslation('energy');
  const texts = useTexts(scale);
  const share = (raw: number) => (scale.largest > 0 ? (raw / scale.largest) * 100 : 0);
  const perSquareMetre = scale.unit.endsWith('/m²');
  return (
    <ol className="compare-ranking">
      {ranking.map((entry, index) => {
        const standing = standingOf(entry.ofMedian);
        return (
          <li key={entry.key} className="compare-ranking-entry" data-standing={standing}>
            <Group justify="space-between" gap="xs" wrap="nowrap" align="baseline">
              <Text size="sm" fw={600}>
                {index + 1}. {nameOf(entry)}
              </Text>
              <Text size="sm" fw={600} className="compare-ranking-value">
                {texts.value(scale.rankedBy(entry))}
                {entry.estimated && <EstimatedMark />}
              </Text>
            </Group>
            <div className="compare-ranking-track" aria-hidden>
              <div
                className="compare-ranking-bar"
                data-standing={standing}
                style={{ width: `${share(scale.rankedBy(entry))}%` }}
              />
              {median !== null && (
                <div className="compare-ranking-median" style={{ left: `${share(median)}%` }} />
              )}
            </div>
            <Group gap="xs" wrap="wrap">
              <Text size="xs">{texts.ofMedian(entry)}</Text>
              <StandingBadge standing={standing} />
              {perSquareMetre && entry.squareMetres !== null && (
                <Text size="xs" c="dimmed">
                  {t('compare.ranking.ofArea', {
                    total: texts.total(entry.total),
                    squareMetres: texts.squareMetres(entry.squareMetres),
                  })}
                </Text>
              )}
            </Group>
          </li>
        );
      })}
    </ol>
  );
}

/** The same numbers as a table; the median a marked row where it falls among the entries. */
function RankingTable({
  ranking,
  median,
  scale,
  of,
  title,
  nameOf,
}: {
  ranking: Ranked[];
  median: number | null;
  scale: Scale;
  of: RankingOf;
  title: string;
  nameOf: (entry: Ranked) => ReactNode;
}) {
  const { t } = useTranslation('energy');
  const texts = useTexts(scale);
  const perSquareMetre = scale.unit.endsWith('/m²');
  const value = (raw: number) =>
    formatMeasureValue(toDisplayUnit(raw, scale.unit), texts.language, scale.digits);
  const total = (raw: number) =>
    formatMeasureValue(toDisplayUnit(raw, scale.totalUnit), texts.language, scale.totalDigits);
  // The median's row goes before the first entry below it.
  const medianAt =
    median === null ? -1 : ranking.findIndex((entry) => scale.rankedBy(entry) < median);
  const medianRow = median !== null && (
    <Table.Tr key="median" data-median>
      <Table.Td />
      <Table.Th scope="row">{t('compare.ranking.median')}</Table.Th>
      <Table.Td>{value(median)}</Table.Td>
      {perSquareMetre && <Table.Td />}
      {perSquareMetre && <Table.Td />}
      <Table.Td>{formatNumber(1, texts.language, { minimumFractionDigits: 2 })}</Table.Td>
      <Table.Td />
    </Table.Tr>
  );
  const rows = ranking.map((entry, index) => (
    <Table.Tr key={entry.key}>
      <Table.Td>{index + 1}</Table.Td>
      <Table.Th scope="row" fw="normal">
        {nameOf(entry)}
      </Table.Th>
      <Table.Td>
        {value(scale.rankedBy(entry))}
        {entry.estimated && <EstimatedMark />}
      </Table.Td>
      {perSquareMetre && <Table.Td>{total(entry.total)}</Table.Td>}
      {perSquareMetre && (
        <Table.Td>
          {entry.squareMetres === null
            ? '–'
            : formatNumber(entry.squareMetres, texts.language, { maximumFractionDigits: 1 })}
        </Table.Td>
      )}
      <Table.Td>
        {entry.ofMedian === null
          ? '–'
          : formatNumber(entry.ofMedian, texts.language, {
              minimumFractionDigits: 2,
              maximumFractionDigits: 2,
            })}
      </Table.Td>
      <Table.Td>
        <StandingBadge standing={standingOf(entry.ofMedian)} />
      </Table.Td>
    </Table.Tr>
  ));
  if (medianRow) rows.splice(medianAt === -1 ? rows.length : medianAt, 0, medianRow);
  return (
    // On a phone the table scrolls inside its box, which the keyboard can then reach and scroll.
    <Table.ScrollContainer
      minWidth={perSquareMetre ? 560 : 420}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={t('compare.ranking.tableRegion', { title })}
    >
      <Table className="compare-ranking-table" captionSide="top">
        <Table.Caption>{title}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('compare.ranking.table.rank')}</Table.Th>
            <Table.Th scope="col">
              {t(of === 'areas' ? 'compare.ranking.table.area' : 'compare.ranking.table.property')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {perSquareMetre
                ? t('compare.ranking.table.perSquareMetre', { unit: scale.unit })
                : t('compare.ranking.table.total', { unit: scale.unit })}
            </Table.Th>
            {perSquareMetre && (
              <Table.Th scope="col" ta="right">
                {t('compare.ranking.table.total', { unit: scale.totalUnit })}
              </Table.Th>
            )}
            {perSquareMetre && (
              <Table.Th scope="col" ta="right">
                {t(
                  of === 'areas'
                    ? 'compare.ranking.table.floorArea'
                    : 'compare.ranking.table.heatedArea',
                )}
              </Table.Th>
            )}
            <Table.Th scope="col" ta="right">
              {t('compare.ranking.table.ofMedian')}
            </Table.Th>
            <Table.Th scope="col">{t('compare.ranking.table.standing')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{rows}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function CompareRanking({
  compare,
  of,
  unit,
  title,
  nameOf,
}: {
  compare: Compare;
  of: RankingOf;
  /** The contract's unit of what is ranked (Wh or litres). */
  unit: ContractUnit;
  title: string;
  /** An entry's name as shown (an area's label translated, this property marked). */
  nameOf: (entry: Ranked) => ReactNode;
}) {
  const { t: tCharts } = useTranslation('charts');
  const { t, i18n } = useTranslation('energy');
  const language = currentLanguage(i18n);
  const titleId = useId();
  const [showTable, setShowTable] = useState(false);
  const ranking = compare.ranking ?? [];
  const scale = scaleOf(compare, unit);
  const texts = useTexts(scale);
  const basis = compare.basis === 'perSquareMetre' ? 'PerSquareMetre' : 'Total';
  const flagged = ranking.some((entry) => standingOf(entry.ofMedian) !== 'near');
  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Title order={2} size="h4" id={titleId}>
          {title}
        </Title>
        {ranking.length > 0 && (
          <Switch
            label={tCharts('chart.showTable')}
            checked={showTable}
            onChange={(event) => setShowTable(event.currentTarget.checked)}
          />
        )}
      </Group>
      {ranking.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t(of === 'areas' ? 'compare.ranking.emptyAreas' : 'compare.ranking.emptyProperties')}
        </Text>
      ) : (
        <>
          <Text size="sm">{t(`compare.ranking.basis.${of}${basis}`)}</Text>
          {ranking.some((entry) => entry.simulated) && (
            <Text size="sm" c="orange.9" fw={500} role="note">
              {tCharts('chart.simulatedNote')}
            </Text>
          )}
          {compare.median !== null && (
            <Group gap={0} wrap="nowrap">
              <span className="compare-ranking-median-key" aria-hidden />
              <Text size="sm" fw={600}>
                {t('compare.ranking.medianValue', { value: texts.value(compare.median) })}
              </Text>
            </Group>
          )}
          {showTable ? (
            <RankingTable
              ranking={ranking}
              median={compare.median}
              scale={scale}
              of={of}
              title={title}
              nameOf={nameOf}
            />
          ) : (
            <RankingBars ranking={ranking} median={compare.median} scale={scale} nameOf={nameOf} />
          )}
          {flagged && (
            <Text size="xs" c="dimmed">
              {t('compare.ranking.flagsExplained', {
                above: formatNumber(FAR_ABOVE_MEDIAN, language),
                below: formatNumber(FAR_BELOW_MEDIAN, language, { style: 'percent' }),
              })}
            </Text>
          )}
          {ranking.some((entry) => entry.estimated) && (
            <Text size="xs" c="dimmed">
              {t('compare.ranking.estimatedNote')}
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}
