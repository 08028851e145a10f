// The energy chart as a user meets it: the table's numbers in each language and unit, the legend's
// estimated entry, the simulated note, and the buckets read out from the keyboard. jsdom draws no
// canvas: most tests run as a browser without one (the chart says so, the rest works); one gives
// uPlot a 2D context that draws nothing, to see the lazily loaded part mount and follow the keys.
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderComponent } from '../../test/render';
import { EnergyChart, type EnergyChartProps } from './energy-chart';
import { MONTHS_2026, NOVEMBER_DAYS, testSeries } from './test-series';

/** Intl's group separator and the space before a unit are no-break spaces. */
const plain = (text: string | null | undefined) => text?.replace(/[\u00a0\u202f]/g, ' ') ?? '';

const heatAndEl = [
  testSeries('heat', NOVEMBER_DAYS, [1_234_500, { value: 980_000, estimated: true }, 1_100_000]),
  testSeries('el', NOVEMBER_DAYS, [310_000, 290_000, 300_000]),
];

function renderChart(props: Partial<EnergyChartProps> = {}, language: 'sv' | 'en' = 'sv') {
  return renderComponent(
    <EnergyChart
      series={heatAndEl}
      kind="bars"
      resolution="day"
      timeZone="Europe/Stockholm"
      title="Användning"
      {...props}
    />,
    { language },
  );
}

/** The rows of the table, each as its cells' text. */
function tableRows(table: HTMLElement) {
  return within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => plain(cell.textContent)));
}

describe('EnergyChart without a canvas', () => {
  beforeEach(() => {
    // A browser that cannot draw: getContext answers null (jsdom would log "not implemented").
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });
  afterEach(() => vi.restoreAllMocks());

  it('says the chart cannot be drawn and keeps the table', async () => {
    const { user } = renderChart();
    expect(await screen.findByText(/Diagrammet kan inte ritas här/)).toBeVisible();
    await user.click(screen.getByRole('switch', { name: 'Visa som tabell' }));
    expect(screen.getByRole('table', { name: 'Användning, per dag' })).toBeVisible();
  });

  it('shows the numbers as a table in Swedish, kWh with a decimal comma and a total', async () => {
    const { user } = renderChart();
    await user.click(screen.getByRole('switch', { name: 'Visa som tabell' }));
    const table = screen.getByRole('table', { name: 'Användning, per dag' });
    expect(tableRows(table)).toEqual([
      ['Tid', 'Värme (kWh)', 'El (kWh)'],
      ['sön 1 nov. 2026', '1 234,5', '310,0'],
      ['mån 2 nov. 2026', '980,0* (uppskattat)', '290,0'],
      ['tis 3 nov. 2026', '1 100,0', '300,0'],
      ['Summa', '3 314,5', '900,0'],
    ]);
    expect(screen.getByText(/\* uppskattat värde/)).toBeVisible();
  });

  it('lets the keyboard reach the box a table of several series scrolls in on a phone', async () => {
    const { user } = renderChart();
    await user.click(screen.getByRole('switch', { name: 'Visa som tabell' }));
    const box = screen.getByRole('region', { name: 'Användning, per dag' });
    expect(box).toHaveAttribute('tabindex', '0');
    expect(within(box).getByRole('table')).toBeVisible();
  });

  it('shows the numbers as a table in English, with a decimal point and comma grouping', async () => {
    const { user } = renderChart({ title: 'Use' }, 'en');
    await user.click(screen.getByRole('switch', { name: 'Show as table' }));
    const table = screen.getByRole('table', { name: 'Use, per day' });
    expect(tableRows(table)[0]).toEqual(['Time', 'Heat (kWh)', 'Electricity (kWh)']);
    expect(tableRows(table)[1]).toEqual(['Sun, 1 Nov 2026', '1,234.5', '310.0']);
  });

  it('shows a year of large values in MWh, and water in m³', async () => {
    const { user } = renderChart({
      resolution: 'month',
      title: 'År',
      series: [
        testSeries('heat', MONTHS_2026.slice(0, 2), [45_678_000, 38_000_000]),
        testSeries('cw', MONTHS_2026.slice(0, 2), [412_332, 398_000]),
      ],
    });
    await user.click(screen.getByRole('switch', { name: 'Visa som tabell' }));
    const rows = tableRows(screen.getByRole('table', { name: 'År, per månad' }));
    expect(rows[0]).toEqual(['Tid', 'Värme (MWh)', 'Kallvatten (m³)']);
    expect(rows[1]).toEqual(['januari 2026', '45,68', '412,33']);
  });

  it('says in its legend how estimated use is drawn, only when there is some', () => {
    renderChart();
    const legend = screen.getByRole('list', { name: 'Förklaring' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Värme', 'El', 'Uppskattat: fyllt över ett avbrott i avläsningarna']);
  });

  it('has no estimated entry and no simulated note for plain metered data', () => {
    renderChart({ series: [testSeries('el', NOVEMBER_DAYS, [1, 2, 3])] });
    expect(screen.queryByText(/Uppskattat/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Simulerade data/)).not.toBeInTheDocument();
  });

  it('notes simulated data in both languages', () => {
    const series = [testSeries('el', NOVEMBER_DAYS, [{ value: 1, simulated: true }])];
    renderChart({ series });
    expect(screen.getByRole('note')).toHaveTextContent(/^Simulerade data/);
    renderChart({ series }, 'en');
    expect(screen.getByText(/^Simulated data: demo values/)).toBeVisible();
  });

  it('names a series by the screen’s function when given one', () => {
    renderChart({ seriesLabel: (series) => `Mätare ${series.type}` });
    expect(screen.getByText('Mätare heat')).toBeVisible();
  });

  it('reads each bucket aloud as the arrow keys move', async () => {
    const { user } = renderChart();
    const chart = screen.getByRole('group', { name: /^Diagram: Användning/ });
    await user.tab(); // the table switch, then the chart
    await user.tab();
    expect(chart).toHaveFocus();
    const status = screen.getByRole('status');
    await user.keyboard('{ArrowRight}');
    expect(plain(status.textContent)).toBe('sön 1 nov. 2026: Värme 1 234,5 kWh, El 310,0 kWh');
    await user.keyboard('{ArrowRight}');
    expect(plain(status.textContent)).toBe(
      'mån 2 nov. 2026: Värme 980,0 kWh (uppskattat), El 290,0 kWh',
    );
    await user.keyboard('{End}');
    expect(plain(status.textContent)).toMatch(/^tis 3 nov. 2026/);
    await user.keyboard('{Escape}');
    expect(status).toHaveTextContent('');
  });

  it('reads buckets in English, a compared year’s with its own time', async () => {
    const lastYear = MONTHS_2026.map((start) => start.replace('2026', '2025'));
    const { user } = renderChart(
      {
        kind: 'lines',
        resolution: 'month',
        title: 'Heat',
        series: [
          testSeries('heat', MONTHS_2026.slice(0, 2), [1_000_000, 2_000_000]),
          testSeries('heat', lastYear.slice(0, 2), [900_000, 1_900_000], {
            key: 'heat:lastYear',
          }),
        ],
        seriesLabel: (series) => (series.key === 'heat' ? 'This year' : 'Last year'),
      },
      'en',
    );
    act(() => screen.getByRole('group', { name: /^Chart: Heat/ }).focus());
    await user.keyboard('{ArrowLeft}');
    expect(plain(screen.getByRole('status').textContent)).toBe(
      'February 2026: This year 2,000.0 kWh, Last year (February 2025) 1,900.0 kWh',
    );
  });

  it('says when a period has no values', () => {
    renderChart({ series: [] });
    expect(screen.getByText('Inga värden för perioden.')).toBeVisible();
  });
});

describe('EnergyChart with a canvas', () => {
  beforeEach(() => {
    // What jsdom lacks: a 2D context. Every drawing call does nothing; text measures 10 px.
    const context = new Proxy(
      {},
      {
        get: (_target, name) =>
          name === 'measureText'
            ? () => ({ width: 10, actualBoundingBoxAscent: 8, actualBoundingBoxDescent: 2 })
            : () => {},
        set: () => true,
      },
    );
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
      context as unknown as CanvasRenderingContext2D,
    );
    // And the paths uPlot builds its bars and lines in.
    vi.stubGlobal(
      'Path2D',
      class Path2D {
        rect() {}
        moveTo() {}
        lineTo() {}
        arc() {}
        closePath() {}
        addPath() {}
        bezierCurveTo() {}
        quadraticCurveTo() {}
        roundRect() {}
      },
    );
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('loads uPlot on its own, draws into the chart and shows the chosen bucket’s tooltip', async () => {
    const { user, container } = renderChart();
    await waitFor(() => expect(container.querySelector('.uplot canvas')).not.toBeNull());
    expect(screen.queryByText(/kan inte ritas/)).not.toBeInTheDocument();
    act(() => screen.getByRole('group', { name: /^Diagram: Användning/ }).focus());
    await user.keyboard('{ArrowRight}{ArrowRight}');
    const tooltip = container.querySelector('.energy-chart-tooltip');
    expect(plain(tooltip?.textContent)).toContain('Värme 980,0 kWh (uppskattat)');
    await user.keyboard('{Escape}');
    expect(container.querySelector('.energy-chart-tooltip')).toBeNull();
  });
});
