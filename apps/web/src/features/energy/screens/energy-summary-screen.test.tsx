// A property's energy summary against a loopback API: the figures in each language's number format,
// the primary energy number carrier by carrier, the class scale with the property's class marked,
// each gap in words (the way to the property form only for site managers), the choice of year,
// not found, and 'Something went wrong' with a retry.
import type { User } from '@portal/contracts/users';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { erik, karin } from '../../../test/people';
import { propertiesApi, solrosen1 } from '../../../test/properties';
import { renderComponent } from '../../../test/render';
import { serveTestApi } from '../../../test/serve-test-api';
import { signedInStore } from '../../../test/store';
import { answerEnergySummary, aSummary, firstAnswer, WITHOUT_HEATED_AREA } from '../test-energy';
import EnergySummaryScreen from './energy-summary-screen';

const api = serveTestApi();
const PROPERTY_ID = solrosen1.id;

beforeEach(() => {
  // The years offered run back from this one.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 24, 10, 0));
});

afterEach(() => {
  vi.useRealTimers();
});

function renderSummary({
  language = 'sv',
  user = karin,
  route = paths.propertyEnergySummary.href(PROPERTY_ID),
}: {
  language?: 'sv' | 'en';
  user?: User;
  route?: string;
} = {}) {
  return renderComponent(
    <Routes>
      <Route path={paths.propertyEnergySummary.path} element={<EnergySummaryScreen />} />
    </Routes>,
    { route, store: signedInStore(user), language },
  );
}

const serve = (...fakes: Parameters<typeof firstAnswer>) =>
  api.answer(firstAnswer(...fakes, propertiesApi([solrosen1])));

const section = async (name: string) =>
  (await screen.findByRole('heading', { level: 2, name })).closest('section') as HTMLElement;

/** The description list's value of `label` in `container`. */
const figureValue = (container: HTMLElement, label: string) =>
  within(container).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

const rows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('the energy summary (Swedish)', () => {
  it('shows the figures of the last 12 months in Swedish number format, labelled as an estimate', async () => {
    serve(answerEnergySummary(PROPERTY_ID, aSummary({ year: null })));
    renderSummary();
    expect(await screen.findByRole('heading', { level: 1, name: 'Solrosen 1' })).toBeVisible();
    expect(screen.getByText('Uppskattning från mätdata')).toBeVisible();
    expect(
      screen.getByText(/inte normalårskorrigerade och är ingen energideklaration/),
    ).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveValue('last12Months');

    const figures = await section('Nyckeltal');
    expect(figureValue(figures, 'Total energianvändning')).toBe('210\u00a0MWh');
    expect(figureValue(figures, 'Energianvändning per m² Atemp')).toBe('85,7\u00a0kWh/m²');
    expect(figureValue(figures, 'Primärenergital')).toBe('65,1\u00a0kWh/m²');
    expect(figureValue(figures, 'Krav')).toBe('Högst 75\u00a0kWh/m² för flerbostadshus');
    expect(figureValue(figures, 'Energiklass')).toBe('Energiklass C');
    expect(figureValue(figures, 'Tempererad area (Atemp)')).toBe('2\u00a0450 m²');
    expect(figures).toHaveTextContent('Regelverk: BBR 29–31');
    // The server names the regulations in English; the screen says them in its language.
    expect(figures).toHaveTextContent('BFS 2011:6 med ändringar till och med BFS 2020:4');
    expect(screen.getByText('Avser 1 jan.–31 dec. 2025')).toBeVisible();
    expect(api.requests.map((request) => `${request.method} ${request.url}`)).toContain(
      `GET /properties/${PROPERTY_ID}/energy-summary?year=last12Months`,
    );
  });

  it('makes the primary energy number carrier by carrier, with the weighting factors and Fgeo', async () => {
    serve(answerEnergySummary(PROPERTY_ID, aSummary()));
    renderSummary();
    const carriers = await section('Primärenergital per energibärare');
    expect(rows(within(carriers).getByRole('table'))).toEqual([
      [
        'Energibärare',
        'Ändamål',
        'Energi',
        'Geografisk justeringsfaktor (Fgeo)',
        'Viktningsfaktor',
        'Viktad energi',
      ],
      ['Fjärrvärme', 'Uppvärmning', '150\u00a0MWh', '÷ 1,1', '× 0,7', '95,5\u00a0MWh'],
      ['Fjärrvärme', 'Tappvarmvatten', '40\u00a0MWh', 'Tillämpas inte', '× 0,7', '28\u00a0MWh'],
      ['El', 'Fastighetsel', '20\u00a0MWh', 'Tillämpas inte', '× 1,8', '36\u00a0MWh'],
      ['Summa', '', '210\u00a0MWh', '', '', '159,5\u00a0MWh'],
    ]);
    expect(carriers).toHaveTextContent(
      'Summan delad med Atemp 2 450 m² ger primärenergitalet 65,1 kWh/m².',
    );
  });

  it('marks the property’s class on the scale from A to G, with the bounds', async () => {
    serve(answerEnergySummary(PROPERTY_ID, aSummary()));
    renderSummary();
    const scale = await section('Energiklass');
    const steps = within(scale).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent?.charAt(0))).toEqual([
      'A',
      'B',
      'C',
      'D',
      'E',
      'F',
      'G',
    ]);
    const current = steps.filter((step) => step.getAttribute('aria-current') === 'true');
    expect(current).toEqual([steps[2]]);
    expect(steps[2]).toHaveTextContent(
      'Cöver 75 %, högst 100 % av kravet (upp till 75 kWh/m²)Fastighetens klass',
    );
    expect(steps[0]).toHaveTextContent('Ahögst 50 % av kravet (upp till 37,5 kWh/m²)');
    expect(steps[6]).toHaveTextContent(/^Göver 235 % av kravet$/);
    expect(within(scale).getAllByText('Fastighetens klass')).toHaveLength(1);
  });

  it('tells how complete the metered data is, and what was metered but not counted', async () => {
    serve(answerEnergySummary(PROPERTY_ID, aSummary()));
    renderSummary();
    const coverage = await section('Mätdata');
    expect(figureValue(coverage, 'Dagar utan mätvärden')).toBe('3 av 365');
    expect(figureValue(coverage, 'Uppskattad andel')).toBe('2,1\u00a0%');
    expect(figureValue(coverage, 'Simulerad andel')).toBe('0\u00a0%');
    const excluded = await section('Mätt men inte medräknat');
    expect(figureValue(excluded, 'Hushållsel')).toBe('48,5\u00a0MWh');
    expect(figureValue(excluded, 'Solel, producerad')).toBe('6\u00a0200\u00a0kWh');
    expect(figureValue(excluded, 'Solel, egen användning')).toBe('5\u00a0100\u00a0kWh');
    expect(figureValue(excluded, 'Solel, överskott')).toBe('1\u00a0100\u00a0kWh');
  });

  it('fetches the year chosen, offering the six whole years before this one', async () => {
    serve(
      answerEnergySummary(PROPERTY_ID, (year) =>
        year === '2024'
          ? aSummary({
              year: 2024,
              from: '2024-01-01',
              to: '2025-01-01',
              totalEnergyDemandKwh: 199_000,
            })
          : aSummary({ year: null, from: '2025-11-01', to: '2026-11-01' }),
      ),
    );
    const { user } = renderSummary();
    const period = await screen.findByRole('combobox', { name: 'Period' });
    expect(
      within(period)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Senaste 12 månaderna', '2025', '2024', '2023', '2022', '2021', '2020']);
    expect(await screen.findByText('Avser 1 nov. 2025–31 okt. 2026')).toBeVisible();
    await user.selectOptions(period, '2024');
    expect(await screen.findByText('Avser 1 jan.–31 dec. 2024')).toBeVisible();
    expect(figureValue(await section('Nyckeltal'), 'Total energianvändning')).toBe('199\u00a0MWh');
    expect(api.requests.map((request) => request.url)).toContain(
      `/properties/${PROPERTY_ID}/energy-summary?year=2024`,
    );
  });

  it('opens on the last 12 months when the address names the year under way', async () => {
    serve(answerEnergySummary(PROPERTY_ID, aSummary()));
    renderSummary({ route: `${paths.propertyEnergySummary.href(PROPERTY_ID)}?year=2026` });
    expect(await screen.findByRole('combobox', { name: 'Period' })).toHaveValue('last12Months');
    await section('Nyckeltal');
    expect(api.requests.map((request) => request.url)).not.toContain(
      `/properties/${PROPERTY_ID}/energy-summary?year=2026`,
    );
  });

  it('opens on the year the address names', async () => {
    serve(answerEnergySummary(PROPERTY_ID, aSummary()));
    renderSummary({ route: `${paths.propertyEnergySummary.href(PROPERTY_ID)}?year=2025` });
    expect(await screen.findByRole('combobox', { name: 'Period' })).toHaveValue('2025');
    await section('Nyckeltal');
    expect(api.requests.map((request) => request.url)).toContain(
      `/properties/${PROPERTY_ID}/energy-summary?year=2025`,
    );
  });

  it('says Atemp is missing and leads a site manager to the property form', async () => {
    serve(answerEnergySummary(PROPERTY_ID, aSummary(WITHOUT_HEATED_AREA)));
    renderSummary();
    const note = (await screen.findByText('Tempererad area (Atemp) saknas')).closest(
      '[role="note"]',
    ) as HTMLElement;
    expect(note).toHaveTextContent('Fyll i Atemp i fastighetens uppgifter.');
    expect(within(note).getByRole('link', { name: 'Fyll i Atemp' })).toHaveAttribute(
      'href',
      paths.propertyEdit.href(PROPERTY_ID),
    );
    const figures = await section('Nyckeltal');
    expect(figureValue(figures, 'Total energianvändning')).toBe('210\u00a0MWh');
    expect(figureValue(figures, 'Primärenergital')).toBe('Saknas');
    expect(figureValue(figures, 'Energiklass')).toBe('Ingen energiklass');
    // The scale is shown, with no class marked.
    const scale = await section('Energiklass');
    expect(within(scale).queryByText('Fastighetens klass')).not.toBeInTheDocument();
  });

  it('tells a user whom to ask about Atemp, without the link to the form', async () => {
    serve(answerEnergySummary(PROPERTY_ID, aSummary(WITHOUT_HEATED_AREA)));
    renderSummary({ user: erik });
    expect(
      await screen.findByText('Be en förvaltare fylla i Atemp i fastighetens uppgifter.'),
    ).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Fyll i Atemp' })).not.toBeInTheDocument();
  });

  it('says when the building type has no requirement, and shows no class', async () => {
    serve(
      answerEnergySummary(
        PROPERTY_ID,
        aSummary({
          propertyType: 'single-family',
          requirement: null,
          energyClass: null,
          gaps: ['NO_REQUIREMENT'],
        }),
      ),
    );
    renderSummary();
    expect(await screen.findByText('Inget krav för den här byggnadstypen')).toBeVisible();
    expect(
      screen.getByText(
        'BBR 29–31 ställer inget krav på primärenergital för småhus av den här storleken, så ingen energiklass kan anges.',
      ),
    ).toBeVisible();
    const figures = await section('Nyckeltal');
    expect(figureValue(figures, 'Krav')).toBe('Inget krav');
    expect(figureValue(figures, 'Primärenergital')).toBe('65,1\u00a0kWh/m²');
    expect(screen.queryByRole('heading', { name: 'Energiklass' })).not.toBeInTheDocument();
  });

  it('explains that the heating is not metered, and keeps what was metered', async () => {
    serve(
      answerEnergySummary(
        PROPERTY_ID,
        aSummary({
          totalEnergyDemandKwh: 52_560,
          primaryEnergyNumber: null,
          energyClass: null,
          gaps: ['NO_METERS'],
        }),
      ),
    );
    renderSummary();
    expect(await screen.findByText('Uppvärmningens energi mäts inte')).toBeVisible();
    expect(
      screen.getByText(/Ingen mätare mäter energin till fastighetens uppvärmning/),
    ).toBeVisible();
    const figures = await section('Nyckeltal');
    expect(figureValue(figures, 'Total energianvändning')).toBe('52,6\u00a0MWh');
    expect(figureValue(figures, 'Primärenergital')).toBe('Saknas');
  });

  it("says 'Något gick fel' when the summary cannot be fetched, and tries again", async () => {
    serve(answerEnergySummary(PROPERTY_ID, aSummary(), { fail: true }));
    const { user } = renderSummary();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Något gick fel');
    expect(alert).toHaveTextContent('Det gick inte att hämta energisammanställningen.');
    serve(answerEnergySummary(PROPERTY_ID, aSummary()));
    await user.click(within(alert).getByRole('button', { name: 'Försök igen' }));
    expect(await section('Nyckeltal')).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows not found for a property the user cannot see', async () => {
    api.answer(firstAnswer(propertiesApi([])));
    renderSummary();
    expect(await screen.findByRole('heading', { name: 'Fastigheten finns inte' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Tillbaka till fastigheterna' })).toHaveAttribute(
      'href',
      paths.properties.href(),
    );
  });
});

describe('the energy summary (English)', () => {
  it('shows the figures in English number format', async () => {
    serve(answerEnergySummary(PROPERTY_ID, aSummary({ year: null })));
    renderSummary({ language: 'en' });
    const figures = await section('Key figures');
    expect(screen.getByText('Energy summary')).toBeVisible();
    expect(figureValue(figures, 'Total energy demand')).toBe('210\u00a0MWh');
    expect(figureValue(figures, 'Energy use per m² Atemp')).toBe('85.7\u00a0kWh/m²');
    expect(figureValue(figures, 'Primary energy number')).toBe('65.1\u00a0kWh/m²');
    expect(figureValue(figures, 'Requirement')).toBe(
      'At most 75\u00a0kWh/m² for multi-dwelling buildings',
    );
    expect(figureValue(figures, 'Heated floor area (Atemp)')).toBe('2,450 m²');
    expect(screen.getByText('An estimate from metered data')).toBeVisible();
    expect(screen.getByText('Covers 1 Jan – 31 Dec 2025')).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveDisplayValue('Last 12 months');

    const carriers = await section('Primary energy number by energy carrier');
    expect(rows(within(carriers).getByRole('table'))[1]).toEqual([
      'District heating',
      'Heating',
      '150\u00a0MWh',
      '÷ 1.1',
      '× 0.7',
      '95.5\u00a0MWh',
    ]);
    const scale = await section('Energy class');
    expect(within(scale).getAllByRole('listitem')[2]).toHaveTextContent(
      "Cover 75%, at most 100% of the requirement (up to 75 kWh/m²)This property's class",
    );
    const coverage = await section('Metered data');
    expect(figureValue(coverage, 'Days without readings')).toBe('3 of 365');
    expect(figureValue(coverage, 'Estimated share')).toBe('2.1%');
  });

  it('explains each gap in English, with the link for a site manager', async () => {
    serve(
      answerEnergySummary(
        PROPERTY_ID,
        aSummary({ ...WITHOUT_HEATED_AREA, gaps: ['NO_HEATED_AREA', 'NO_REQUIREMENT'] }),
      ),
    );
    renderSummary({ language: 'en' });
    expect(await screen.findByText('The heated floor area (Atemp) is missing')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Fill in Atemp' })).toHaveAttribute(
      'href',
      paths.propertyEdit.href(PROPERTY_ID),
    );
    expect(screen.getByText('No requirement for this building type')).toBeVisible();
  });

  it('tells a user in English whom to ask', async () => {
    serve(answerEnergySummary(PROPERTY_ID, aSummary(WITHOUT_HEATED_AREA)));
    renderSummary({ language: 'en', user: erik });
    expect(
      await screen.findByText("Ask a site manager to fill in Atemp in the property's details."),
    ).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Fill in Atemp' })).not.toBeInTheDocument();
  });

  it('explains missing meters in English', async () => {
    serve(answerEnergySummary(PROPERTY_ID, aSummary({ byCarrier: [], gaps: ['NO_METERS'] })));
    renderSummary({ language: 'en' });
    expect(await screen.findByText("The heating's energy is not metered")).toBeVisible();
  });

  it("says 'Something went wrong' with a retry", async () => {
    serve(answerEnergySummary(PROPERTY_ID, aSummary(), { fail: true }));
    renderSummary({ language: 'en' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong');
    expect(alert).toHaveTextContent('The energy summary could not be fetched.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
