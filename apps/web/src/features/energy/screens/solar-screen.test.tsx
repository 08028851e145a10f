// A property's solar production against a loopback API: the key figures in each language's number
// format, the chart's table of production beside last year's, the note on a property without a
// production meter (the way to the areas only for site managers), a period without production,
// the period in the address and the call, not found, and 'Something went wrong' with a retry.
import type { User } from '@portal/contracts/users';
import { screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { erik, karin } from '../../../test/people';
import { propertiesApi, solrosen1 } from '../../../test/properties';
import { renderComponent } from '../../../test/render';
import { serveTestApi } from '../../../test/serve-test-api';
import { signedInStore } from '../../../test/store';
import { firstAnswer } from '../test-energy';
import { answerSolar, aSolar, NO_PRODUCTION, WITHOUT_PRODUCTION_METER } from '../test-solar';
import SolarScreen from './solar-screen';

const api = serveTestApi();
const PROPERTY_ID = solrosen1.id;
const SOLAR_PATH = `/properties/${PROPERTY_ID}/solar`;

beforeEach(() => {
  // Today is 24 November 2026 in Stockholm: the month shown unless the address says otherwise.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-24T10:00:00+01:00'));
  // jsdom draws no canvas: the chart says so, and its table works all the same.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The address's search part, as the screen left it. */
function Search() {
  return <output data-testid="search">{useLocation().search}</output>;
}

function renderSolar({
  language = 'sv',
  user = karin,
  route = paths.propertySolar.href(PROPERTY_ID),
}: {
  language?: 'sv' | 'en';
  user?: User;
  route?: string;
} = {}) {
  return renderComponent(
    <Routes>
      <Route
        path={paths.propertySolar.path}
        element={
          <>
            <SolarScreen />
            <Search />
          </>
        }
      />
    </Routes>,
    { route, store: signedInStore(user), language },
  );
}

const serve = (...fakes: Parameters<typeof firstAnswer>) =>
  api.answer(firstAnswer(...fakes, propertiesApi([solrosen1])));

const section = async (name: string) =>
  (await screen.findByRole('heading', { level: 2, name })).closest('section') as HTMLElement;

/** The description list's value of `label` in `container`, and the line under it. */
function figure(container: HTMLElement, label: string) {
  const term = within(container).getByText(label, { selector: 'dt' });
  return [
    term.nextElementSibling?.textContent,
    term.nextElementSibling?.nextElementSibling?.textContent,
  ];
}

/** Intl's group separator and the space before a unit are no-break spaces. */
const plain = (text: string | null | undefined) => text?.replace(/[\u00a0\u202f]/g, ' ') ?? '';

const tableRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => plain(cell.textContent)));

const solarCalls = () =>
  api.requests
    .map((request) => request.url ?? '')
    .filter((url) => url.startsWith(SOLAR_PATH))
    .map((url) => url.slice(SOLAR_PATH.length));

describe('the solar screen (Swedish)', () => {
  it('shows production, last year, own use and the best day in Swedish number format', async () => {
    serve(answerSolar(PROPERTY_ID, aSolar()));
    renderSolar();
    expect(await screen.findByRole('heading', { level: 1, name: 'Solrosen 1' })).toBeVisible();
    expect(screen.getByText('Solceller')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Tillbaka till översikten' })).toHaveAttribute(
      'href',
      paths.propertyOverview.href(PROPERTY_ID),
    );
    const figures = await section('Nyckeltal');
    expect(figure(figures, 'Produktion')).toEqual(['2\u00a0046\u00a0kWh', undefined]);
    expect(figure(figures, 'Samma period i fjol')).toEqual([
      '1\u00a0891\u00a0kWh',
      '+8,2\u00a0% mot i fjol',
    ]);
    expect(figure(figures, 'Egenanvändning')).toEqual([
      '1\u00a0116\u00a0kWh',
      'Täckte 25\u00a0% av fastighetens el',
    ]);
    expect(figure(figures, 'Bästa dag')).toEqual(['31 okt. 2026', '81\u00a0kWh producerades']);
    // A month unless the address says otherwise, and one call for it.
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveValue('month');
    expect(solarCalls()).toEqual(['?period=month&date=2026-11-24']);
  });

  it("shows the chart's numbers as a table: production beside last year's, day by day", async () => {
    serve(answerSolar(PROPERTY_ID, aSolar()));
    const { user } = renderSolar();
    const chart = await section('Produktion jämfört med i fjol');
    await user.click(within(chart).getByRole('switch', { name: 'Visa som tabell' }));
    const rows = tableRows(within(chart).getByRole('table', { name: /per dag/ }));
    expect(rows[0]).toEqual(['Tid', 'Produktion (kWh)', 'I fjol (kWh)']);
    expect(rows[1]).toEqual(['tors 1 okt. 2026', '51,0', '46,0']);
    expect(rows[2]).toEqual(['fre 2 okt. 2026', '52,0* (uppskattat)', '47,0']);
    expect(rows[31]).toEqual(['lör 31 okt. 2026', '81,0', '76,0']);
    expect(rows.at(-1)).toEqual(['Summa', '2 046,0', '1 891,0']);
    expect(rows).toHaveLength(33);
    // The legend names both, and the estimated day's hatching.
    await user.click(within(chart).getByRole('switch', { name: 'Visa som tabell' }));
    expect(
      within(chart)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Produktion', 'I fjol', 'Uppskattat: fyllt över ett avbrott i avläsningarna']);
  });

  it('leads a site manager to the areas when there is no production meter', async () => {
    serve(answerSolar(PROPERTY_ID, aSolar(WITHOUT_PRODUCTION_METER)));
    renderSolar();
    const note = (await screen.findByText('Ingen produktionsmätare')).closest(
      '[role="note"]',
    ) as HTMLElement;
    expect(note).toHaveTextContent(
      'Lägg till en elmätare med användningen ”Produktion (solel)” bland enheterna i ett utrymme',
    );
    expect(within(note).getByRole('link', { name: 'Gå till utrymmena' })).toHaveAttribute(
      'href',
      paths.propertyAreas.href(PROPERTY_ID),
    );
    expect(screen.queryByRole('heading', { name: 'Nyckeltal' })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Visa som tabell' })).not.toBeInTheDocument();
  });

  it('tells a user whom to ask for a production meter, without the link', async () => {
    serve(answerSolar(PROPERTY_ID, aSolar(WITHOUT_PRODUCTION_METER)));
    renderSolar({ user: erik });
    const note = (await screen.findByText('Ingen produktionsmätare')).closest(
      '[role="note"]',
    ) as HTMLElement;
    expect(note).toHaveTextContent('Be en förvaltare lägga till en elmätare');
    expect(within(note).queryByRole('link')).not.toBeInTheDocument();
  });

  it('says when nothing was produced in the period nor a year before', async () => {
    serve(answerSolar(PROPERTY_ID, aSolar(NO_PRODUCTION)));
    renderSolar();
    expect(await screen.findByText('Ingen produktion under perioden')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Nyckeltal' })).not.toBeInTheDocument();
  });

  it('draws last year’s month when this one has just begun: nothing produced yet either year, so far', async () => {
    serve(
      answerSolar(
        PROPERTY_ID,
        aSolar({
          ...NO_PRODUCTION,
          until: '2026-10-01T05:00:00+02:00',
          lastYearUntil: '2025-10-01T05:00:00+02:00',
          series: aSolar().series.map((series) =>
            series.key === 'solarLastYear' ? series : { ...series, total: 0, buckets: [] },
          ),
        }),
      ),
    );
    renderSolar();
    expect(
      await screen.findByRole('region', { name: 'Produktion jämfört med i fjol' }),
    ).toBeVisible();
    expect(screen.queryByText('Ingen produktion under perioden')).not.toBeInTheDocument();
  });

  it('keeps the figures when only last year produced', async () => {
    const lastYearsSeries = aSolar().series.find((series) => series.key === 'solarLastYear');
    serve(
      answerSolar(
        PROPERTY_ID,
        aSolar({
          ...NO_PRODUCTION,
          lastYearProductionWh: 1_891_000,
          series: (NO_PRODUCTION.series ?? []).map((series) =>
            series.key === 'solarLastYear' && lastYearsSeries ? lastYearsSeries : series,
          ),
        }),
      ),
    );
    renderSolar();
    const figures = await section('Nyckeltal');
    expect(figure(figures, 'Produktion')).toEqual(['0\u00a0kWh', undefined]);
    expect(figure(figures, 'Samma period i fjol')[1]).toBe('−100\u00a0% mot i fjol');
    expect(figure(figures, 'Bästa dag')).toEqual(['Saknas', undefined]);
  });

  it('writes the period in the address and asks for it', async () => {
    serve(answerSolar(PROPERTY_ID, aSolar()));
    const { user } = renderSolar();
    await section('Nyckeltal');
    await user.click(screen.getByRole('button', { name: 'Föregående period' }));
    expect(await screen.findByTestId('search')).toHaveTextContent('?period=month&date=2026-10-01');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'year');
    expect(screen.getByTestId('search')).toHaveTextContent('?period=year&date=2026-10-01');
    await section('Nyckeltal');
    expect(solarCalls()).toEqual([
      '?period=month&date=2026-11-24',
      '?period=month&date=2026-10-01',
      '?period=year&date=2026-10-01',
    ]);
  });

  it('opens on the period the address names, without lifetime’s last year', async () => {
    serve(
      answerSolar(PROPERTY_ID, (query) =>
        aSolar({
          period: query.get('period') === 'lifetime' ? 'lifetime' : 'month',
          lastYearProductionWh: null,
          series: aSolar().series.filter((series) => series.key !== 'solarLastYear'),
        }),
      ),
    );
    renderSolar({ route: `${paths.propertySolar.href(PROPERTY_ID)}?period=lifetime` });
    const figures = await section('Nyckeltal');
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveValue('lifetime');
    expect(within(figures).queryByText('Samma period i fjol')).not.toBeInTheDocument();
    expect(await section('Produktion')).toBeVisible();
    expect(solarCalls()).toEqual(['?period=lifetime&date=2026-11-24']);
  });

  it("says 'Något gick fel' when the production cannot be fetched, and tries again", async () => {
    serve(answerSolar(PROPERTY_ID, aSolar(), { fail: true }));
    const { user } = renderSolar();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Något gick fel');
    expect(alert).toHaveTextContent('Det gick inte att hämta solcellernas produktion.');
    // The period can still be changed meanwhile.
    expect(screen.getByRole('combobox', { name: 'Period' })).toBeVisible();
    serve(answerSolar(PROPERTY_ID, aSolar()));
    await user.click(within(alert).getByRole('button', { name: 'Försök igen' }));
    expect(await section('Nyckeltal')).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows not found for a property the user cannot see', async () => {
    api.answer(firstAnswer(answerSolar(PROPERTY_ID, aSolar()), propertiesApi([])));
    renderSolar();
    expect(await screen.findByRole('heading', { name: 'Fastigheten finns inte' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Tillbaka till fastigheterna' })).toHaveAttribute(
      'href',
      paths.properties.href(),
    );
  });
});

describe('the solar screen (English)', () => {
  it('compares a month still running with last year as far in, and says to when (sv, en)', async () => {
    const running = aSolar({
      until: '2026-10-24T14:00:00+02:00',
      lastYearUntil: '2025-10-24T14:00:00+02:00',
    });
    serve(answerSolar(PROPERTY_ID, running));
    const languages = [
      {
        language: 'sv',
        heading: 'Nyckeltal',
        label: 'I fjol, lika långt in',
        value: ['1\u00a0891\u00a0kWh', '+8,2\u00a0% mot i fjol'],
        note: 'Till och med 24 okt. 2026 14:00, och i fjol till 24 okt. 2025 14:00.',
      },
      {
        language: 'en',
        heading: 'Key figures',
        label: 'Last year, as far in',
        value: ['1,891\u00a0kWh', '+8.2% on last year'],
        note: 'To 24 Oct 2026, 14:00, and last year to 24 Oct 2025, 14:00.',
      },
    ] as const;
    for (const { language, heading, label, value, note } of languages) {
      const rendered = renderSolar({ language });
      const figures = await section(heading);
      expect(figure(figures, label)).toEqual(value);
      expect(figures).toHaveTextContent(note);
      rendered.unmount();
    }
  });

  it('shows the figures in English number format', async () => {
    serve(answerSolar(PROPERTY_ID, aSolar()));
    renderSolar({ language: 'en' });
    const figures = await section('Key figures');
    expect(screen.getByText('Solar panels')).toBeVisible();
    expect(figure(figures, 'Production')).toEqual(['2,046\u00a0kWh', undefined]);
    expect(figure(figures, 'Same period last year')).toEqual([
      '1,891\u00a0kWh',
      '+8.2% on last year',
    ]);
    expect(figure(figures, 'Own use')).toEqual([
      '1,116\u00a0kWh',
      "Covered 25% of the building's electricity",
    ]);
    expect(figure(figures, 'Best day')).toEqual(['31 Oct 2026', '81\u00a0kWh produced']);
  });

  it("shows the chart's table in English", async () => {
    serve(answerSolar(PROPERTY_ID, aSolar()));
    const { user } = renderSolar({ language: 'en' });
    const chart = await section('Production against last year');
    await user.click(within(chart).getByRole('switch', { name: 'Show as table' }));
    const rows = tableRows(within(chart).getByRole('table', { name: /per day/ }));
    expect(rows[0]).toEqual(['Time', 'Production (kWh)', 'Last year (kWh)']);
    expect(rows[1]).toEqual(['Thu, 1 Oct 2026', '51.0', '46.0']);
    expect(rows.at(-1)).toEqual(['Total', '2,046.0', '1,891.0']);
  });

  it('explains in English how to add a production meter, with the link for a site manager', async () => {
    serve(answerSolar(PROPERTY_ID, aSolar(WITHOUT_PRODUCTION_METER)));
    renderSolar({ language: 'en' });
    const note = (await screen.findByText('No production meter')).closest(
      '[role="note"]',
    ) as HTMLElement;
    expect(note).toHaveTextContent(
      'Add an electricity meter with the use “Production (solar)” among the devices of an area',
    );
    expect(within(note).getByRole('link', { name: 'Go to the areas' })).toBeVisible();
  });

  it('tells a user in English whom to ask', async () => {
    serve(answerSolar(PROPERTY_ID, aSolar(WITHOUT_PRODUCTION_METER)));
    renderSolar({ language: 'en', user: erik });
    expect(
      await screen.findByText(
        'Ask a site manager to add an electricity meter with the use “Production (solar)” among the devices of an area.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Go to the areas' })).not.toBeInTheDocument();
  });

  it('says in English when nothing was produced', async () => {
    serve(answerSolar(PROPERTY_ID, aSolar(NO_PRODUCTION)));
    renderSolar({ language: 'en' });
    expect(await screen.findByText('No production in this period')).toBeVisible();
  });

  it("says 'Something went wrong' with a retry", async () => {
    serve(answerSolar(PROPERTY_ID, aSolar(), { fail: true }));
    renderSolar({ language: 'en' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong');
    expect(alert).toHaveTextContent('The solar production could not be fetched.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
