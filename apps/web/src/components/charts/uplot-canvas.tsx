// Draws a chart model with uPlot on a canvas. This module and uPlot (with its stylesheet, a file of
// its own, never an injected <style>: the CSP's style-src) are one lazily loaded chunk, fetched
// only when a chart is first shown (DESIGN §3, W7; docs/charts.md).
import type { Language } from '@portal/contracts/domain';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatNumber } from '../../lib/format';
import type { ChartColumn, ChartModel } from './chart-model';

export type ChartKind = 'bars' | 'lines';

export type UplotCanvasProps = {
  model: ChartModel;
  kind: ChartKind;
  height: number;
  language: Language;
  /** The axes' titles, by the scale they show. */
  axisLabels: { energy?: string; water?: string };
  /** The bucket the keyboard chose: the cursor moves there. */
  active: number | null;
  /** The pointer (or the keyboard, through the cursor) is on a bucket, `across` (0–1) the chart. */
  onCursor: (index: number | null, across: number) => void;
  /** No 2D canvas here (an old or locked-down browser, jsdom): the chart says so instead. */
  onUnavailable: () => void;
};

/** Axis text and grid: readable on the kit's white body (5.9:1), the grid only a hint. */
const AXIS_COLOR = '#5c5f66';
const GRID_COLOR = '#e9ecef';
/** The band behind an estimated bucket of a line chart: visible, yet quieter than the lines. */
const BAND_COLOR = '#ced4da';
/** A projection's band (a whisker): dark enough against the light bar and white (8:1). */
const BAND_STROKE = '#343a40';
/** A bar's fill for estimated use: its colour at 35 %, hatched (drawBarHatches). */
const ESTIMATED_ALPHA = '59';
/** The share of a bucket's width its bars take, the rest is the gap between buckets. */
const GROUP_WIDTH = 0.8;

/** Diagonal lines over a rectangle (canvas pixels): estimated use, told apart without colour. */
function hatch(
  context: CanvasRenderingContext2D,
  left: number,
  top: number,
  width: number,
  height: number,
  color: string,
) {
  const spacing = 6 * uPlot.pxRatio;
  context.save();
  context.beginPath();
  context.rect(left, top, width, height);
  context.clip();
  context.strokeStyle = color;
  context.lineWidth = uPlot.pxRatio;
  context.beginPath();
  for (let offset = -height; offset < width; offset += spacing) {
    context.moveTo(left + offset, top + height);
    context.lineTo(left + offset + height, top);
  }
  context.stroke();
  context.restore();
}

/** uPlot's columnar data: x is the bucket's position, so compared periods line up bar by bar. */
function plotData(model: ChartModel): uPlot.AlignedData {
  return [model.rows.map((_, index) => index), ...model.columns.map((column) => column.values)];
}

/** The value axes start at zero: a bar is read from its base. */
const fromZero =
  (atLeast = 0): uPlot.Scale.Range =>
  (_plot, min, max) => {
    const top = Math.max(max ?? 0, atLeast);
    return [Math.min(0, min ?? 0), top > 0 ? top * 1.08 : 1];
  };

/** The highest band of a quantity's columns: the axis reaches it, so no whisker is cut off. */
const highestBand = (model: ChartModel, quantity: 'energy' | 'water') =>
  Math.max(
    0,
    ...model.columns
      .filter((column) => column.quantity === quantity)
      .flatMap((column) => column.bands.map((band) => band?.high ?? 0)),
  );

function plotOptions(
  props: UplotCanvasProps,
  width: number,
  drawn: Map<number, [number, number, number, number][]>,
): uPlot.Options {
  const { model, kind, language, axisLabels } = props;
  const count = model.rows.length;
  const longestTick = Math.max(1, ...model.rows.map((row) => row.tick.length));
  const valueText = (value: number) =>
    formatNumber(value, language, { maximumFractionDigits: Math.abs(value) < 10 ? 2 : 0 });
  const axisFor = (scale: 'energy' | 'water', side: 1 | 3): uPlot.Axis => ({
    scale,
    side,
    label: axisLabels[scale],
    labelSize: 18,
    stroke: AXIS_COLOR,
    grid: { show: side === 3, stroke: GRID_COLOR, width: 1 },
    ticks: { show: false },
    size: 56,
    values: (_plot, splits) => splits.map(valueText),
  });

  // Bars of one bucket stand side by side; lines (last year's use over this year's bars) do not
  // take a place among them.
  const barColumns = model.columns.filter((column) => column.draw !== 'line');
  const barWidth = GROUP_WIDTH / Math.max(1, barColumns.length);
  const barOffset = (column: ChartColumn) =>
    -GROUP_WIDTH / 2 + barColumns.indexOf(column) * barWidth;

  const series = model.columns.map((column: ChartColumn, columnIndex): uPlot.Series => {
    const common = { label: column.label, scale: column.quantity, stroke: column.color };
    if (column.draw === 'line')
      return { ...common, width: 2, points: { show: count <= 40, size: 5, fill: column.color } };
    const light = `${column.color}${ESTIMATED_ALPHA}`;
    const projection = column.draw === 'projection';
    return {
      ...common,
      // A projection is outlined in its colour and filled lighter: told apart without colour.
      width: projection ? 1.5 : 0,
      fill: projection ? light : column.color,
      points: { show: false },
      paths: uPlot.paths.bars?.({
        disp: {
          x0: {
            unit: 1,
            values: (plot) => (plot.data[0] as number[]).map((x) => x + barOffset(column)),
          },
          size: { unit: 1, values: () => [barWidth] },
          fill: {
            unit: 3,
            values: () =>
              column.estimated.map((estimated) => (estimated || projection ? light : column.color)),
          },
        },
        each: (_plot, _series, index, left, top, barPixels, heightPixels) => {
          if (!column.estimated[index]) return;
          const bars = drawn.get(columnIndex) ?? [];
          bars.push([left, top, barPixels, heightPixels]);
          drawn.set(columnIndex, bars);
        },
      }),
    };
  });

  /** A band as a whisker through its bar: a line from low to high with a cap at each end. */
  const drawBands = (plot: uPlot) => {
    const context = plot.ctx;
    for (const column of model.columns) {
      if (!column.bands.some((band) => band !== null)) continue;
      const middle = column.draw === 'line' ? 0 : barOffset(column) + barWidth / 2;
      const cap = plot.valToPos(barWidth / 4, 'x', true) - plot.valToPos(0, 'x', true);
      context.save();
      context.strokeStyle = BAND_STROKE;
      context.lineWidth = 1.5 * uPlot.pxRatio;
      context.beginPath();
      column.bands.forEach((band, index) => {
        if (!band) return;
        const x = plot.valToPos(index + middle, 'x', true);
        const low = plot.valToPos(band.low, column.quantity, true);
        const high = plot.valToPos(band.high, column.quantity, true);
        context.moveTo(x, low);
        context.lineTo(x, high);
        context.moveTo(x - cap, low);
        context.lineTo(x + cap, low);
        context.moveTo(x - cap, high);
        context.lineTo(x + cap, high);
      });
      context.stroke();
      context.restore();
    }
  };

  const quantities = (['energy', 'water'] as const).filter((quantity) => model.units[quantity]);
  return {
    width,
    height: props.height,
    padding: [12, 8, 0, 0],
    legend: { show: false },
    cursor: {
      drag: { x: false, y: false },
      points: { show: kind === 'lines' },
      y: false,
      // The cursor's line sits on the bucket's middle, where its bars and points are.
      move: (plot, left, top) => {
        if (left < 0) return [left, top];
        const index = Math.min(count - 1, Math.max(0, Math.round(plot.posToVal(left, 'x'))));
        return [plot.valToPos(index, 'x'), top];
      },
    },
    scales: {
      x: { time: false, range: [-0.5, count - 0.5] },
      energy: { range: fromZero(highestBand(model, 'energy')) },
      water: { range: fromZero(highestBand(model, 'water')) },
    },
    axes: [
      {
        scale: 'x',
        stroke: AXIS_COLOR,
        // One line of names; uPlot's 50 px default leaves a gap under them.
        size: 32,
        grid: { show: false },
        ticks: { show: false },
        // Room for the longest name, so names never overlap; uPlot skips buckets to keep it.
        space: longestTick * 7 + 12,
        incrs: [1, 2, 3, 4, 6, 7, 12, 24, 50, 100],
        values: (_plot, splits) =>
          splits.map((split) => (Number.isInteger(split) ? (model.rows[split]?.tick ?? '') : '')),
      },
      ...quantities.map((quantity, index) => axisFor(quantity, index === 0 ? 3 : 1)),
    ],
    series: [{}, ...series],
    hooks: {
      drawClear: [
        (plot) => {
          drawn.clear();
          if (kind !== 'lines') return;
          // A line has no bar to lighten: an estimated bucket is a hatched band behind it.
          const half = (plot.valToPos(1, 'x', true) - plot.valToPos(0, 'x', true)) / 2;
          model.rows.forEach((_, index) => {
            if (!model.columns.some((column) => column.estimated[index])) return;
            const middle = plot.valToPos(index, 'x', true);
            hatch(plot.ctx, middle - half, plot.bbox.top, half * 2, plot.bbox.height, BAND_COLOR);
          });
        },
      ],
      draw: [
        (plot) => {
          for (const [columnIndex, bars] of drawn) {
            const color = model.columns[columnIndex]?.color ?? AXIS_COLOR;
            for (const [left, top, barPixels, heightPixels] of bars)
              hatch(plot.ctx, left, top, barPixels, heightPixels, color);
          }
          drawBands(plot);
        },
      ],
      setCursor: [
        (plot) => {
          const left = (plot.cursor.left ?? -1) + plot.bbox.left / uPlot.pxRatio;
          const across = plot.width > 0 ? Math.min(1, Math.max(0, left / plot.width)) : 0;
          props.onCursor(plot.cursor.idx ?? null, across);
        },
      ],
    },
  };
}

export default function UplotCanvas(props: UplotCanvasProps) {
  const holder = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  // The latest callbacks, so a new function from the parent does not redraw the chart.
  const latest = useRef(props);
  latest.current = props;
  const { model, kind, height, language, axisLabels } = props;

  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    if (!document.createElement('canvas').getContext('2d')) {
      latest.current.onUnavailable();
      return;
    }
    const drawn = new Map<number, [number, number, number, number][]>();
    const callbacks = {
      onCursor: (index: number | null, across: number) => latest.current.onCursor(index, across),
    };
    const width = () => Math.max(200, Math.floor(element.clientWidth || 320));
    const plot = new uPlot(
      plotOptions(
        {
          model,
          kind,
          height,
          language,
          axisLabels,
          active: null,
          ...callbacks,
          onUnavailable() {},
        },
        width(),
        drawn,
      ),
      plotData(model),
      element,
    );
    plotRef.current = plot;
    // The chart follows its box: a phone turned, a sidebar closed (no horizontal overflow).
    const observer = new ResizeObserver(() => {
      if (plot.width !== width()) plot.setSize({ width: width(), height });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
      plotRef.current = null;
    };
  }, [model, kind, height, language, axisLabels]);

  const { active } = props;
  useEffect(() => {
    const plot = plotRef.current;
    if (!plot || plot.cursor.idx === active) return;
    if (active === null) plot.setCursor({ left: -10, top: -10 });
    else
      plot.setCursor({
        left: plot.valToPos(active, 'x'),
        top: plot.bbox.height / 2 / uPlot.pxRatio,
      });
  }, [active]);

  return <div ref={holder} className="energy-chart-canvas" />;
}
