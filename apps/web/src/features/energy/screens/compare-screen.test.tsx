// A property's comparisons against a loopback API: the flats ranked by hot water per m² with the
// median marked and the one far above it flagged, a ranking by use where a floor area is missing,
// the organization's properties, November against last year's with the change, the main meter's
// difference (positive, negative, and no main meter marked), the choices kept in the address, and
// 'Something went wrong' with a retry — in Swedish and in English.
import type { User } from '@portal/contracts/users';
import { screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { karin } from '../../../test/people';
import { propertiesApi, solrosen1 } from '../../../test/properties';
import { renderComponent } from '../../../test/render';
import { serveTestApi } from '../../../test/serve-test-api';
import { signedInStore } from '../../../test/store';
import {
  answerCompare,
  HEAT_PER_AREA_BY_TOTAL,
  HOT_WATER_PER_FLAT,
  HOT_WATER_WITHOUT_MAIN,
  heatMainAgainst,
  heatPerProperty,
  novemberAgainst,
} from '../test-compare';
import { firstAnswer } from '../test-energy';
import CompareScreen from './compare-screen';

const api = serveTestApi();
const PROPERTY_ID = solrosen1.id;
const COMPARE = paths.propertyCompare.href(PROPERTY_ID);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 24, 10, 0));
});

afterEach(() => {
  vi.useRealTimers();
});

/** The address's search params, shown so a test can read them. */
function Address() {
  return <output data-testid="address">{useLocation().search}</output>;
}

function renderCompare({
  language = 'sv',
  user = karin,
  search = '',
}: {
  language?: 'sv' | 'en';
  user?: User;
  search?: string;
} = {}) {
  return renderComponent(
    <Routes>
      <Route
        path={paths.propertyCompare.path}
        element={
          <>
            <CompareScreen />
            <Address />
          </>
        }
      />
    </Routes>,
    { route: `${COMPARE}${search}`, store: signedInStore(user), language },
  );
}

const serve = (...fakes: Parameters<typeof firstAnswer>) =>
  api.answer(firstAnswer(...fakes, propertiesApi([solrosen1])));

/** The compare calls made, as their query params. */
const compareCalls = () =>
  api.requests
    .map((request) => new URL(request.url ?? '', 'http://api'))
    .filter((url) => url.pathname === `/properties/${PROPERTY_ID}/compare`)
    .map((url) => Object.fromEntries(url.searchParams));

const address = () => new URLSearchParams(screen.getByTestId('address').textContent ?? '');

const section = async (name: string | RegExp) =>
  (await screen.findByRole('heading', { level: 2, name })).closest('section') as HTMLElement;

/** The card of a chart headed `name`: the chart with its figures. */
const card = async (name: string | RegExp) =>
  (await screen.findByRole('heading', { level: 2, name })).closest(
    '.mantine-Card-root',
  ) as HTMLElement;

const rows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

/** The description list's value of `label` in `container`. */
const figureValue = (container: HTMLElement, label: string) =>
  within(container).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('comparing (Swedish)', () => {
  it('ranks the flats by hot water per m², marks the median and flags the one far above it', async () => {
    serve(answerCompare(PROPERTY_ID, HOT_WATER_PER_FLAT));
    renderCompare({ search: '?kind=areas&type=hw&areaType=apt' });
    const ranking = await section('Varmvatten per utrymme');
    expect(screen.getByRole('heading', { level: 1, name: 'Solrosen 1' })).toBeVisible();
    expect(within(ranking).getByText('Per m² golvyta, högst först.')).toBeVisible();
    expect(within(ranking).getByText('Median: 0,145 m³/m²')).toBeVisible();
    const entries = within(ranking).getAllByRole('listitem');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      '1. 10030,280\u00a0m³/m²1,93 × medianen▲Långt över medianen20,72\u00a0m³ på 74\u00a0m²',
      '2. 10010,150\u00a0m³/m²1,03 × medianen6,30\u00a0m³ på 42\u00a0m²',
      '3. 10020,140\u00a0m³/m²0,97 × medianen8,12\u00a0m³ på 58\u00a0m²',
      '4. 10040,130\u00a0m³/m²0,90 × medianen11,57\u00a0m³ på 89\u00a0m²',
    ]);
    expect(within(ranking).getAllByText('Långt över medianen')).toHaveLength(1);
    expect(ranking).toHaveTextContent('Markerat: minst 1,5 gånger medianen');
    expect(screen.getByText('Avser 1–30 nov. 2026')).toBeVisible();
    expect(compareCalls()).toEqual([
      { period: 'month', date: '2026-11-24', kind: 'areas', type: 'hw', areaType: 'apt' },
    ]);
  });

  it('shows the ranking as a table, the median a row in its place', async () => {
    serve(answerCompare(PROPERTY_ID, HOT_WATER_PER_FLAT));
    const { user } = renderCompare({ search: '?kind=areas&type=hw' });
    const ranking = await section('Varmvatten per utrymme');
    await user.click(within(ranking).getByRole('switch', { name: 'Visa som tabell' }));
    const table = within(ranking).getByRole('table', { name: 'Varmvatten per utrymme' });
    expect(rows(table)).toEqual([
      [
        'Plats',
        'Utrymme',
        'Per m² (m³/m²)',
        'Totalt (m³)',
        'Golvyta (m²)',
        'Mot medianen',
        'Avvikelse',
      ],
      ['1', '1003', '0,280', '20,72', '74', '1,93', '▲Långt över medianen'],
      ['2', '1001', '0,150', '6,30', '42', '1,03', ''],
      ['', 'Median', '0,145', '', '', '1,00', ''],
      ['3', '1002', '0,140', '8,12', '58', '0,97', ''],
      ['4', '1004', '0,130', '11,57', '89', '0,90', ''],
    ]);
  });

  it('ranks by use, and says why, when an area has no floor area; flags one far below too', async () => {
    serve(answerCompare(PROPERTY_ID, HEAT_PER_AREA_BY_TOTAL));
    renderCompare();
    const ranking = await section('Värme per utrymme');
    expect(
      within(ranking).getByText(
        /^Total förbrukning, högst först: alla utrymmen har inte en golvyta/,
      ),
    ).toBeVisible();
    expect(within(ranking).getByText('Median: 1 000,0 kWh')).toBeVisible();
    const entries = within(ranking).getAllByRole('listitem');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      '1. Undercentral3\u00a0000,0\u00a0kWh3,00 × medianen▲Långt över medianen',
      '2. Tvättstuga1\u00a0000,0\u00a0kWh* (uppskattat)1,00 × medianen',
      '3. Trapphus200,0\u00a0kWh0,20 × medianen▼Långt under medianen',
    ]);
    expect(ranking).toHaveTextContent('högst 50 % av den');
    expect(ranking).toHaveTextContent('* innehåller uppskattade värden');
    expect(compareCalls()).toEqual([
      { period: 'month', date: '2026-11-24', kind: 'areas', type: 'heat' },
    ]);
  });

  it('sets this month so far against the same days last year, type by type, with the change', async () => {
    serve(answerCompare(PROPERTY_ID, novemberAgainst()));
    renderCompare({ search: '?kind=periods' });
    expect(await screen.findByText('Avser 1–30 nov. 2026 mot 1–30 nov. 2025')).toBeVisible();
    const heat = await card('Värme');
    expect(figureValue(heat, 'Den här perioden')).toBe('300,0\u00a0kWh');
    expect(figureValue(heat, 'Förra året')).toBe('250,0\u00a0kWh');
    expect(figureValue(heat, 'Förändring')).toBe('+20\u00a0%');
    const legend = within(heat).getByRole('list', { name: 'Förklaring' });
    expect(within(legend).getByText('Den här perioden')).toBeVisible();
    expect(within(legend).getByText('Förra året')).toBeVisible();
    const hotWater = await card('Varmvatten');
    expect(figureValue(hotWater, 'Den här perioden')).toBe('3,000\u00a0m³');
    expect(figureValue(hotWater, 'Förändring')).toBe('Inget att jämföra med');
    expect(screen.queryByRole('combobox', { name: 'Typ' })).not.toBeInTheDocument();
    expect(compareCalls()).toEqual([
      { period: 'thisMonth', date: '2026-11-24', kind: 'periods', against: 'lastYear' },
    ]);
  });

  it('compares a month still running as far into both months: the totals to date, and where they stop', async () => {
    serve(
      answerCompare(
        PROPERTY_ID,
        novemberAgainst('lastYear', {
          until: '2026-11-24T14:00:00+01:00',
          otherUntil: '2025-11-24T14:00:00+01:00',
          byType: [
            { type: 'heat', total: 240_000, otherTotal: 200_000 },
            { type: 'hw', total: 2_400, otherTotal: 0 },
          ],
        }),
      ),
    );
    const swedish = renderCompare({ search: '?kind=periods' });
    const heat = await card('Värme');
    expect(figureValue(heat, 'Den här perioden')).toBe('240,0\u00a0kWh');
    expect(figureValue(heat, 'Förra året, lika långt in')).toBe('200,0\u00a0kWh');
    expect(figureValue(heat, 'Förändring')).toBe('+20\u00a0%');
    expect(
      screen.getByText(
        /^Båda perioderna jämförs lika långt in: till 24 nov\. 2026 14:00 och till 24 nov\. 2025 14:00\.$/,
      ),
    ).toBeVisible();
    swedish.unmount();
    renderCompare({ search: '?kind=periods', language: 'en' });
    expect(
      await screen.findByText(
        'Both periods are compared as far in: to 24 Nov 2026, 14:00 and to 24 Nov 2025, 14:00.',
      ),
    ).toBeVisible();
  });

  it('explains the main meter’s difference from the meters below it as a possible leak', async () => {
    serve(
      answerCompare(PROPERTY_ID, heatMainAgainst([4_000_000, 6_000_000], [3_600_000, 5_400_000])),
    );
    renderCompare({ search: '?kind=main' });
    const main = await card('Värme: huvudmätare mot övriga mätare');
    expect(figureValue(main, 'Huvudmätare')).toBe('10,00\u00a0MWh');
    expect(figureValue(main, 'Övriga mätare (summa)')).toBe('9,00\u00a0MWh');
    expect(figureValue(main, 'Skillnad')).toBe('1,00\u00a0MWh');
    expect(main).toHaveTextContent('10 % av huvudmätaren');
    expect(
      screen.getByText(
        'Skillnaden kan vara ett läckage i ledningarna eller en mätare som saknas i listan.',
      ),
    ).toBeVisible();
  });

  it('says a negative difference points to a misreading, and shows it negative', async () => {
    serve(
      answerCompare(PROPERTY_ID, heatMainAgainst([4_000_000, 5_000_000], [4_200_000, 5_300_000])),
    );
    renderCompare({ search: '?kind=main' });
    const main = await card('Värme: huvudmätare mot övriga mätare');
    expect(figureValue(main, 'Skillnad')).toBe('−500,0\u00a0kWh');
    expect(screen.getByText(/^Mätarna under huvudmätaren visar mer än den\./)).toBeVisible();
    expect(screen.queryByText(/läckage/)).not.toBeInTheDocument();
  });

  it('explains how to mark a main meter when the type has none, and shows the sum alone', async () => {
    serve(answerCompare(PROPERTY_ID, HOT_WATER_WITHOUT_MAIN));
    renderCompare({ search: '?kind=main&type=hw' });
    const note = (await screen.findByText('Varmvatten: ingen huvudmätare')).closest(
      '[role="note"]',
    ) as HTMLElement;
    expect(note).toHaveTextContent(
      'En förvaltare markerar den: öppna mätaren, välj ”Redigera enhet” och kryssa i ”Fastighetens huvudmätare av den här typen”.',
    );
    expect(await section('Varmvatten: summan av mätarna')).toBeVisible();
    expect(screen.queryByText('Skillnad')).not.toBeInTheDocument();
  });

  it('keeps what is compared in the address with the period, and asks for each view', async () => {
    serve(
      answerCompare(PROPERTY_ID, (query) =>
        query.get('kind') === 'periods' ? novemberAgainst('previous') : HOT_WATER_PER_FLAT,
      ),
    );
    const { user } = renderCompare({
      search: '?kind=periods&against=previous&period=year&date=2025-01-01',
    });
    expect(await screen.findByRole('radio', { name: 'Perioder' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Jämför med' })).toHaveValue('previous');
    await card('Värme');
    expect(compareCalls()).toEqual([
      { period: 'year', date: '2025-01-01', kind: 'periods', against: 'previous' },
    ]);

    await user.click(screen.getByRole('radio', { name: 'Utrymmen' }));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Typ' }), 'hw');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Utrymmestyp' }), 'apt');
    await section('Varmvatten per utrymme');
    expect(Object.fromEntries(address())).toEqual({
      kind: 'areas',
      against: 'previous',
      period: 'year',
      date: '2025-01-01',
      type: 'hw',
      areaType: 'apt',
    });
    expect(compareCalls().at(-1)).toEqual({
      period: 'year',
      date: '2025-01-01',
      kind: 'areas',
      type: 'hw',
      areaType: 'apt',
    });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Utrymmestyp' }), '');
    expect(address().has('areaType')).toBe(false);
    expect(address().get('type')).toBe('hw');
  });

  it('falls back to the defaults for values the address cannot mean', async () => {
    serve(answerCompare(PROPERTY_ID, HEAT_PER_AREA_BY_TOTAL));
    renderCompare({ search: '?kind=everything&type=gas&areaType=garage&against=never' });
    await section('Värme per utrymme');
    expect(screen.getByRole('radio', { name: 'Utrymmen' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Typ' })).toHaveValue('heat');
    expect(screen.getByRole('combobox', { name: 'Utrymmestyp' })).toHaveValue('');
    expect(compareCalls()).toEqual([
      { period: 'month', date: '2026-11-24', kind: 'areas', type: 'heat' },
    ]);
  });

  it("says 'Något gick fel' when the comparison cannot be fetched, and tries again", async () => {
    serve(answerCompare(PROPERTY_ID, HOT_WATER_PER_FLAT, { fail: true }));
    const { user } = renderCompare({ search: '?type=hw' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Något gick fel');
    expect(alert).toHaveTextContent('Det gick inte att hämta jämförelsen.');
    // The choices stay, so another view can be chosen meanwhile.
    expect(screen.getByRole('radio', { name: 'Utrymmen' })).toBeChecked();
    serve(answerCompare(PROPERTY_ID, HOT_WATER_PER_FLAT));
    await user.click(within(alert).getByRole('button', { name: 'Försök igen' }));
    expect(await section('Varmvatten per utrymme')).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows not found for a property the user cannot see', async () => {
    api.answer(firstAnswer(propertiesApi([])));
    renderCompare();
    expect(await screen.findByRole('heading', { name: 'Fastigheten finns inte' })).toBeVisible();
    // The comparison is asked for beside the property, not after it; its 404 shows nothing more.
    expect(screen.queryByRole('radiogroup', { name: 'Vad som jämförs' })).not.toBeInTheDocument();
  });
});

describe('comparing (English)', () => {
  it('ranks the flats in English, the outlier flagged', async () => {
    serve(answerCompare(PROPERTY_ID, HOT_WATER_PER_FLAT));
    renderCompare({ language: 'en', search: '?type=hw' });
    const ranking = await section('Hot water per area');
    expect(within(ranking).getByText('Per m² of floor area, highest first.')).toBeVisible();
    expect(within(ranking).getByText('Median: 0.145 m³/m²')).toBeVisible();
    const [first] = within(ranking).getAllByRole('listitem');
    expect(first).toHaveTextContent(
      '1. 10030.280 m³/m²1.93 × the median▲Far above the median20.72 m³ over 74 m²',
    );
    expect(screen.getByRole('radio', { name: 'Areas' })).toBeChecked();
    expect(screen.getByText(/^Covers 1\s*–\s*30 Nov 2026$/)).toBeVisible();
  });

  it("ranks the organization's properties per m² Atemp, this one marked", async () => {
    serve(answerCompare(PROPERTY_ID, heatPerProperty(PROPERTY_ID)));
    renderCompare({ language: 'en', search: '?kind=properties' });
    const ranking = await section('Heat per property');
    expect(within(ranking).getByText('Per m² Atemp, highest first.')).toBeVisible();
    expect(
      within(ranking)
        .getAllByRole('listitem')
        .map((entry) => entry.firstElementChild?.firstElementChild?.textContent),
    ).toEqual(['1. Vallmon 3', '2. Solrosen 1 (this property)', '3. Kvarnen 2']);
    expect(within(ranking).getByText('Median: 85.7 kWh/m²')).toBeVisible();
  });

  it('sets a period against the one before, with the change in English', async () => {
    serve(answerCompare(PROPERTY_ID, novemberAgainst('previous')));
    renderCompare({ language: 'en', search: '?kind=periods&against=previous' });
    const heat = await card('Heat');
    expect(figureValue(heat, 'This period')).toBe('300.0\u00a0kWh');
    expect(figureValue(heat, 'The period before')).toBe('250.0\u00a0kWh');
    expect(figureValue(heat, 'Change')).toBe('+20%');
    expect(
      screen.getByText(/^Covers 1\s*–\s*30 Nov 2026 against 1\s*–\s*30 Nov 2025$/),
    ).toBeVisible();
  });

  it('explains the main meter’s difference, and the missing main meter, in English', async () => {
    serve(answerCompare(PROPERTY_ID, heatMainAgainst([4_000_000], [3_000_000])));
    const view = renderCompare({ language: 'en', search: '?kind=main' });
    const main = await card('Heat: main meter against the other meters');
    expect(figureValue(main, 'Difference')).toBe('1,000.0\u00a0kWh');
    expect(
      screen.getByText(
        'The difference may be a leak in the pipes or a meter missing from the list.',
      ),
    ).toBeVisible();
    view.unmount();
    serve(answerCompare(PROPERTY_ID, HOT_WATER_WITHOUT_MAIN));
    renderCompare({ language: 'en', search: '?kind=main&type=hw' });
    expect(await screen.findByText('Hot water: no main meter')).toBeVisible();
    expect(
      screen.getByText(/A site manager marks it: open the meter, choose “Edit device”/),
    ).toBeVisible();
  });

  it("says 'Something went wrong' with a retry", async () => {
    serve(answerCompare(PROPERTY_ID, HOT_WATER_PER_FLAT, { fail: true }));
    renderCompare({ language: 'en' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong');
    expect(alert).toHaveTextContent('The comparison could not be fetched.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
