// A property's usage estimate against a loopback API: each type's projection with its band and the
// method in words, costs in kronor in each language's format, the chart's table with the band, the
// year or month in the address (read, stepped and switched), not found, and 'Something went
// wrong' with a retry.
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { karin } from '../../../test/people';
import { propertiesApi, solrosen1 } from '../../../test/properties';
import { renderComponent } from '../../../test/render';
import { serveTestApi } from '../../../test/serve-test-api';
import { signedInStore } from '../../../test/store';
import { firstAnswer } from '../test-energy';
import { aMonthEstimate, anEstimate, answerUsageEstimate } from '../test-usage-estimate';
import UsageScreen from './usage-screen';

const api = serveTestApi();
const PROPERTY_ID = solrosen1.id;
const USAGE = paths.propertyUsage.href(PROPERTY_ID);

beforeEach(() => {
  // The window holding today is the last offered.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 24, 10, 0));
});

afterEach(() => {
  vi.useRealTimers();
});

/** Where the screen's address is now, for the round trip through it. */
function Address() {
  const location = useLocation();
  return <output aria-label="address">{location.search}</output>;
}

function renderUsage({
  language = 'sv',
  route = USAGE,
}: {
  language?: 'sv' | 'en';
  route?: string;
} = {}) {
  return renderComponent(
    <Routes>
      <Route
        path={paths.propertyUsage.path}
        element={
          <>
            <UsageScreen />
            <Address />
          </>
        }
      />
    </Routes>,
    { route, store: signedInStore(karin), language },
  );
}

const serve = (...fakes: Parameters<typeof firstAnswer>) =>
  api.answer(firstAnswer(...fakes, propertiesApi([solrosen1])));

const section = async (name: string) =>
  (await screen.findByRole('heading', { level: 2, name })).closest('section') as HTMLElement;

/** A figure's value and its hint (the band) in `container`, spaces plain. */
const figure = (container: HTMLElement, label: string) => {
  const term = within(container).getByText(label, { selector: 'dt' });
  const values = [];
  for (
    let next = term.nextElementSibling;
    next && next.tagName === 'DD';
    next = next.nextElementSibling
  )
    values.push(next.textContent?.replace(/[\u00a0\u202f]/g, ' '));
  return values;
};

const usageRequests = () =>
  api.requests
    .map((request) => request.url ?? '')
    .filter((url) => url.startsWith(`/properties/${PROPERTY_ID}/usage-estimate`));

describe('the usage estimate (Swedish)', () => {
  it('projects each type with its band against last year, saying how', async () => {
    serve(answerUsageEstimate(PROPERTY_ID, anEstimate()));
    renderUsage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Solrosen 1' })).toBeVisible();
    const heat = await section('Värme');
    expect(figure(heat, 'Hittills')).toEqual(['180 MWh']);
    expect(figure(heat, 'Prognos för året')).toEqual(['205 MWh', 'mellan 198 MWh och 214 MWh']);
    expect(figure(heat, 'Förra året')).toEqual(['200 MWh']);
    expect(figure(heat, 'Förändring mot förra året')).toEqual(['+2,5 %']);
    expect(within(heat).getByRole('note', { name: 'Så är prognosen gjord' })).toHaveTextContent(
      /Utifrån förra årets förbrukningsmönster/,
    );
    expect(heat).toHaveTextContent('Inget pris är satt för värme, så ingen kostnad räknas fram.');

    const el = await section('El');
    expect(figure(el, 'Prognos för året')).toEqual(['44 MWh', 'mellan 43 MWh och 45 MWh']);
    expect(figure(el, 'Förra året')).toEqual(['Saknas']);
    expect(figure(el, 'Förändring mot förra året')).toEqual(['Saknas']);
    expect(el).toHaveTextContent(
      /bygger på förbrukningen per dag hittills\. Intervallet är därför bredare\./,
    );

    const water = await section('Varmvatten');
    expect(figure(water, 'Hittills')).toEqual(['0 m³']);
    expect(figure(water, 'Prognos för året')).toEqual(['Saknas']);
    expect(water).toHaveTextContent('Det finns inte tillräckligt med mätvärden under perioden');

    const total = await section('Total kostnad');
    expect(total).toHaveTextContent('Inga priser är satta för fastigheten');
    expect(screen.getByText('Mätt till och med 23 nov. 2026')).toBeVisible();
    // One request for the whole screen's charts.
    expect(usageRequests()).toEqual([`/properties/${PROPERTY_ID}/usage-estimate?year=2026`]);
  });

  it('shows the costs in kronor, the total with its band', async () => {
    serve(answerUsageEstimate(PROPERTY_ID, anEstimate({}, true)));
    renderUsage();
    const heat = await section('Värme');
    expect(figure(heat, 'Kostnad hittills')).toEqual(['184 200 kr']);
    expect(figure(heat, 'Beräknad kostnad')).toEqual([
      '209 150 kr',
      'mellan 202 500 kr och 217 700 kr',
    ]);
    expect(figure(heat, 'Kostnad förra året')).toEqual(['204 400 kr', 'Med dagens priser']);
    const total = await section('Total kostnad');
    expect(figure(total, 'Beräknad kostnad')).toEqual([
      '209 150 kr',
      'mellan 202 500 kr och 217 700 kr',
    ]);
    expect(total).toHaveTextContent('Summan av de förbrukningstyper som har ett pris.');
  });

  it('shows a type’s months as a table: measured, projected with its band, last year', async () => {
    serve(answerUsageEstimate(PROPERTY_ID, anEstimate()));
    const { user } = renderUsage();
    const heat = await section('Värme');
    const chart = (await within(heat).findByRole('heading', { name: 'Värme per månad' })).closest(
      'section',
    ) as HTMLElement;
    expect(within(chart).getByText('Troligt intervall för prognosen')).toBeVisible();
    await user.click(within(chart).getByRole('switch', { name: 'Visa som tabell' }));
    const table = within(chart).getByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .map((row) =>
        [...row.querySelectorAll('th, td')].map((cell) =>
          cell.textContent?.replace(/[\u00a0\u202f]/g, ' '),
        ),
      );
    expect(rows[0]).toEqual(['Tid', 'Uppmätt (MWh)', 'Prognos (MWh)', 'Förra året (MWh)']);
    expect(rows[10]).toEqual(['oktober 2026', '17,00', '–', '16,00']);
    expect(rows[11]).toEqual(['november 2026', '10,00', '22,00 (mellan 21,00 och 23,00)', '16,00']);
    expect(rows[12]).toEqual(['december 2026', '–', '30,00 (mellan 28,00 och 32,00)', '16,00']);
    // The sums of the columns: none under the projection, whose cells are the months to come only
    // (the year's projection is a figure above).
    expect(rows[13]?.[0]).toBe('Summa');
    expect(rows[13]?.[2]).toBe('–');
  });

  it('opens on the month in the address, steps it and switches to its year', async () => {
    serve(
      answerUsageEstimate(PROPERTY_ID, ({ month }) =>
        month ? aMonthEstimate(month) : anEstimate(),
      ),
    );
    const { user } = renderUsage({ route: `${USAGE}?month=2026-11` });
    const period = await screen.findByRole('combobox', { name: 'Period' });
    expect(period).toHaveValue('month');
    expect(await screen.findByText('Visad period: november 2026')).toBeInTheDocument();
    expect(figure(await section('Värme'), 'Prognos för månaden')[0]).toBe('205 MWh');
    // No month to come is offered.
    expect(screen.getByRole('button', { name: 'Nästa månad' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Föregående månad' }));
    expect(await screen.findByText('Visad period: oktober 2026')).toBeInTheDocument();
    expect(screen.getByLabelText('address')).toHaveTextContent('?month=2026-10');
    await waitFor(() =>
      expect(usageRequests()).toContain(`/properties/${PROPERTY_ID}/usage-estimate?month=2026-10`),
    );
    expect(await screen.findByText('Mätt till och med 31 okt. 2026')).toBeVisible();

    await user.selectOptions(period, 'year');
    expect(screen.getByLabelText('address')).toHaveTextContent('?year=2026');
    expect(figure(await section('Värme'), 'Prognos för året')[0]).toBe('205 MWh');
    expect(usageRequests()).toContain(`/properties/${PROPERTY_ID}/usage-estimate?year=2026`);
    await user.click(screen.getByRole('button', { name: 'Föregående år' }));
    expect(screen.getByLabelText('address')).toHaveTextContent('?year=2025');
  });

  it("says 'Något gick fel' when the estimate cannot be fetched, and tries again", async () => {
    serve(answerUsageEstimate(PROPERTY_ID, anEstimate(), { fail: true }));
    const { user } = renderUsage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Något gick fel');
    expect(alert).toHaveTextContent('Det gick inte att hämta den uppskattade förbrukningen.');
    serve(answerUsageEstimate(PROPERTY_ID, anEstimate()));
    await user.click(within(alert).getByRole('button', { name: 'Försök igen' }));
    expect(await section('Värme')).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows not found for a property the user cannot see', async () => {
    api.answer(firstAnswer(propertiesApi([])));
    renderUsage();
    expect(await screen.findByRole('heading', { name: 'Fastigheten finns inte' })).toBeVisible();
  });
});

describe('the usage estimate (English)', () => {
  it('writes the projection, band, methods and kronor the English way', async () => {
    serve(answerUsageEstimate(PROPERTY_ID, anEstimate({}, true)));
    renderUsage({ language: 'en' });
    const heat = await section('Heat');
    expect(figure(heat, 'Projected for the year')).toEqual([
      '205 MWh',
      'between 198 MWh and 214 MWh',
    ]);
    expect(figure(heat, 'Change from last year')).toEqual(['+2.5%']);
    expect(figure(heat, 'Cost so far')).toEqual(['184,200 kr']);
    expect(heat).toHaveTextContent(/From last year's profile/);
    expect(await section('Electricity')).toHaveTextContent(
      /follows the use per day so far\. The range is wider for it\./,
    );
    expect(await section('Hot water')).toHaveTextContent(
      'There is not enough metered data in the period to make a projection.',
    );
    expect(figure(await section('Total cost'), 'Projected cost')).toEqual([
      '209,150 kr',
      'between 202,500 kr and 217,700 kr',
    ]);
    expect(screen.getByText('Measured up to and including 23 Nov 2026')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Next year' })).toBeDisabled();
  });

  it("says 'Something went wrong' with a retry", async () => {
    serve(answerUsageEstimate(PROPERTY_ID, anEstimate(), { fail: true }));
    renderUsage({ language: 'en' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong');
    expect(alert).toHaveTextContent('The usage estimate could not be fetched.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
