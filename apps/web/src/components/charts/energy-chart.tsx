// An energy or water chart of statistics series (DESIGN §4.4): bars of use per bucket or lines to
// compare, a legend, a note on simulated data, a tooltip and keyboard reading of each bucket, and
// the same numbers as a table. uPlot itself arrives in a chunk of its own (./uplot-canvas).
import { Group, Stack, Switch, Text, Title, VisuallyHidden } from '@mantine/core';
import type { Period, Resolution } from '@portal/contracts/periods';
import type { StatisticsSeries } from '@portal/contracts/statistics';
import {
  Component,
  type ComponentType,
  type KeyboardEvent,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useId,
  useMemo,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n';
import { bucketAfterKey } from './chart-keys';
import { ChartLegend } from './chart-legend';
import {
  buildChartModel,
  type ChartModel,
  type ChartSeries,
  formatBandValues,
  formatCell,
} from './chart-model';
import { ChartTable } from './chart-table';
import type { ChartKind, UplotCanvasProps } from './uplot-canvas';
import './energy-chart.css';

/**
 * The canvas's chunk (uPlot) is asked for as soon as a screen with a chart is loaded, beside the
 * screen's own call, not after its answer has been drawn as a table: the chart then waits for the
 * slower of the two instead of both in a row. Only screens with a chart import this module, so
 * the sign-in screen and the dashboard still load no chart code (W7).
 */
const canvasChunk = import('./uplot-canvas');
/**
 * The canvas once its chunk is in: drawn at once, not through `lazy`. A lazy component suspends on
 * its first render even when its code has long arrived, and React then holds the chart back for
 * its throttled reveal of a suspended part (about 300 ms): a quarter of the solar screen's time
 * (docs/timings.md, session 28).
 */
let LoadedCanvas: ComponentType<UplotCanvasProps> | undefined;
// A chunk that cannot be fetched (offline) is the canvas boundary's to say, when a chart renders.
canvasChunk.then(
  (module) => {
    LoadedCanvas = module.default;
  },
  () => undefined,
);
const LazyCanvas = lazy(() => canvasChunk);

export type EnergyChartProps<Series extends ChartSeries = StatisticsSeries> = {
  /** The series to draw, in the contract's units (Wh, litres): converted to kWh/MWh and m³.
   * Statistics series, or series of the chart's own shape (./chart-model ChartSeries: buckets
   * without a value, bands, a series drawn otherwise than `kind`). */
  series: readonly Series[];
  /** Bars of use per bucket, or lines to compare series. */
  kind: ChartKind;
  /** What one bucket spans (the statistics answer's `resolution`). */
  resolution: Resolution;
  /** The property's zone, where the buckets' hours, days and months are counted. */
  timeZone: string;
  /** The chart's heading, also its name for screen readers and the table's caption. */
  title: string;
  /** The heading's level in the screen (3 unless told). */
  titleOrder?: 2 | 3 | 4;
  /** The period asked for: names a total period's one bucket as its month or year. */
  period?: Period;
  /** A series' name; by default a type's translated name (`by=type`), else the series' label. */
  seriesLabel?: (series: Series) => string;
  /** The canvas's height in px. */
  height?: number;
};

/** The chunk could not be fetched (offline) or the canvas threw: the table still works. */
class CanvasBoundary extends Component<{ fallback: ReactNode; children: ReactNode }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** What the tooltip and the announcement say of one bucket: its time and each series' value. */
function useReadout(model: ChartModel) {
  const { t, i18n } = useTranslation('charts');
  const language = currentLanguage(i18n);
  return useCallback(
    (index: number) => {
      const row = model.rows[index];
      const values = model.columns.map((column) => {
        const value = formatCell(column, index, language) ?? t('chart.noValue');
        const band = formatBandValues(column, index, language);
        const banded = band ? t('chart.withBand', { value, ...band, unit: column.unit }) : value;
        const shown = column.estimated[index] ? `${banded} (${t('chart.estimatedShort')})` : banded;
        const ownTime = column.ownLabels[index];
        return {
          key: column.key,
          color: column.color,
          text: ownTime
            ? t('chart.valueElsewhen', { series: column.label, time: ownTime, value: shown })
            : t('chart.value', { series: column.label, value: shown }),
        };
      });
      const simulated = model.columns.some((column) => column.simulated[index]);
      const announcement = t('chart.readout', {
        time: row?.label ?? '',
        values: values.map((value) => value.text).join(', '),
      });
      return {
        time: row?.label ?? '',
        values,
        simulated,
        announcement: simulated ? `${announcement}. ${t('chart.simulated')}.` : announcement,
      };
    },
    [model, language, t],
  );
}

export function EnergyChart<Series extends ChartSeries = StatisticsSeries>({
  series,
  kind,
  resolution,
  timeZone,
  title,
  titleOrder = 3,
  period,
  seriesLabel,
  height = 240,
}: EnergyChartProps<Series>) {
  const { t, i18n } = useTranslation('charts');
  const language = currentLanguage(i18n);
  const ids = useId();
  const titleId = `${ids}-title`;
  const legendId = `${ids}-legend`;
  const [showTable, setShowTable] = useState(false);
  const [unavailable, setUnavailable] = useState(false);
  const [active, setActive] = useState<number | null>(null);
  const [cursorAt, setCursorAt] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  // Chosen once: a chart that began with the lazy canvas keeps it (a new type would redraw it).
  const [Canvas] = useState(() => LoadedCanvas ?? LazyCanvas);

  const labelOf = useCallback(
    // The model hands back the series it was given.
    (one: ChartSeries) =>
      seriesLabel?.(one as Series) ?? (one.key === one.type ? t(`types.${one.type}`) : one.label),
    [seriesLabel, t],
  );
  const model = useMemo(
    () =>
      buildChartModel({
        series,
        resolution,
        timeZone,
        language,
        period,
        labelOf,
        draw: kind === 'lines' ? 'line' : 'bars',
      }),
    [series, resolution, timeZone, language, period, labelOf, kind],
  );
  const readout = useReadout(model);
  const axisLabels = useMemo(
    () => ({
      energy: model.units.energy && t('chart.axisEnergy', { unit: model.units.energy }),
      water: model.units.water && t('chart.axisWater', { unit: model.units.water }),
    }),
    [model, t],
  );
  const count = model.rows.length;
  // A new period or language starts without a chosen bucket (its index would be another's).
  const [shownModel, setShownModel] = useState(model);
  if (shownModel !== model) {
    setShownModel(model);
    setActive(null);
    setCursorAt(0);
  }

  const onCursor = useCallback((index: number | null, across: number) => {
    setActive(index);
    setCursorAt(across);
  }, []);
  const onUnavailable = useCallback(() => setUnavailable(true), []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = bucketAfterKey(event.key, active, count);
    if (next === undefined) return;
    event.preventDefault();
    setActive(next);
    setAnnouncement(next === null ? '' : readout(next).announcement);
  };

  const shown = active === null ? null : readout(active);
  const failed = (
    <Text size="sm" c="dimmed" className="energy-chart-placeholder" h={height}>
      {t('chart.failed')}
    </Text>
  );

  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Title order={titleOrder} size="h4" id={titleId}>
          {title}
        </Title>
        <Switch
          label={t('chart.showTable')}
          checked={showTable}
          onChange={(event) => setShowTable(event.currentTarget.checked)}
        />
      </Group>
      {model.simulated && (
        <Text size="sm" c="orange.9" fw={500} role="note">
          {t('chart.simulatedNote')}
        </Text>
      )}
      {count === 0 ? (
        <Text size="sm" c="dimmed">
          {t('chart.empty')}
        </Text>
      ) : showTable ? (
        <ChartTable model={model} title={title} resolution={resolution} language={language} />
      ) : (
        <>
          <VisuallyHidden id={legendId}>{t('chart.legend')}</VisuallyHidden>
          <ChartLegend model={model} kind={kind} labelId={legendId} />
          {/* biome-ignore lint/a11y/useSemanticElements: a chart region is no fieldset */}
          <div
            className="energy-chart-plot"
            role="group"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the arrow keys read the buckets
            tabIndex={0}
            aria-label={t('chart.region', { title })}
            onKeyDown={onKeyDown}
            onBlur={() => setAnnouncement('')}
          >
            {unavailable ? (
              failed
            ) : (
              <CanvasBoundary fallback={failed}>
                <Suspense
                  fallback={
                    <Text size="sm" c="dimmed" className="energy-chart-placeholder" h={height}>
                      {t('chart.loading')}
                    </Text>
                  }
                >
                  <Canvas
                    model={model}
                    kind={kind}
                    height={height}
                    language={language}
                    axisLabels={axisLabels}
                    active={active}
                    onCursor={onCursor}
                    onUnavailable={onUnavailable}
                  />
                </Suspense>
              </CanvasBoundary>
            )}
            {shown && (
              <div
                className="energy-chart-tooltip"
                aria-hidden
                // At the cursor, shifted by as much of its own width as the cursor is across the
                // chart: left of the cursor at the right edge, right of it at the left, never past.
                style={{
                  left: `${cursorAt * 100}%`,
                  transform: `translateX(-${cursorAt * 100}%)`,
                }}
              >
                <Text size="xs" fw={600}>
                  {shown.time}
                </Text>
                {shown.values.map((value) => (
                  <Group key={value.key} gap={6} wrap="nowrap">
                    <span
                      className="energy-chart-swatch"
                      style={{ color: value.color }}
                      aria-hidden
                    />
                    <Text size="xs">{value.text}</Text>
                  </Group>
                ))}
                {shown.simulated && (
                  <Text size="xs" c="orange.9">
                    {t('chart.simulated')}
                  </Text>
                )}
              </div>
            )}
          </div>
        </>
      )}
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
    </Stack>
  );
}
