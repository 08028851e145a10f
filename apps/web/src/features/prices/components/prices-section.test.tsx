// A property's prices against a loopback API: a site manager saves them (a Swedish decimal comma,
// 'Uppdaterat'), the contract's rules translated on the fields, the API's refusal of the role, and
// a user sees them read-only — in both languages.
import type { User } from '@portal/contracts/users';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { erik, karin } from '../../../test/people';
import { solrosen1 } from '../../../test/properties';
import { renderComponent } from '../../../test/render';
import { serveTestApi } from '../../../test/serve-test-api';
import { signedInStore } from '../../../test/store';
import { pricesApi } from '../test-prices';
import { PricesSection } from './prices-section';

const api = serveTestApi();
const PROPERTY_ID = solrosen1.id;

function renderPrices({
  language = 'sv',
  user = karin,
}: {
  language?: 'sv' | 'en';
  user?: User;
} = {}) {
  return renderComponent(<PricesSection property={solrosen1} />, {
    store: signedInStore(user),
    language,
  });
}

const SET = {
  currency: 'SEK',
  byType: { heat: { perUnit: 0.95, unit: 'kWh', fixedPerMonth: 1200 } },
  updatedAt: '2026-11-20T09:30:00+01:00',
} as const;

describe('the prices (Swedish)', () => {
  it("saves a site manager's prices, read with a decimal comma, and says 'Uppdaterat'", async () => {
    const prices = pricesApi(PROPERTY_ID);
    api.answer((request) => prices(request) ?? { status: 404 });
    const { user } = renderPrices();
    const heat = await screen.findByRole('group', { name: 'Värme' });
    await user.type(within(heat).getByRole('textbox', { name: 'Pris, kr/kWh' }), '0,95');
    await user.type(within(heat).getByRole('textbox', { name: 'Fast del, kr/månad' }), '1 200');
    const water = screen.getByRole('group', { name: 'Kallvatten' });
    await user.type(within(water).getByRole('textbox', { name: 'Pris, kr/m³' }), '45,5');
    await user.click(screen.getByRole('button', { name: 'Spara priserna' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Uppdaterat');
    expect(prices.current().byType).toEqual({
      heat: { perUnit: 0.95, unit: 'kWh', fixedPerMonth: 1200 },
      cw: { perUnit: 45.5, unit: 'm3', fixedPerMonth: 0 },
    });
  });

  it('shows the contract’s rules on the fields, in Swedish, and sends nothing', async () => {
    const prices = pricesApi(PROPERTY_ID);
    api.answer((request) => prices(request) ?? { status: 404 });
    const { user } = renderPrices();
    const el = await screen.findByRole('group', { name: 'El' });
    await user.type(within(el).getByRole('textbox', { name: 'Pris, kr/kWh' }), '-1');
    await user.type(within(el).getByRole('textbox', { name: 'Fast del, kr/månad' }), 'mycket');
    await user.click(screen.getByRole('button', { name: 'Spara priserna' }));
    expect(await within(el).findByText('Värdet måste vara minst 0.')).toBeVisible();
    expect(within(el).getByText('Skriv ett tal.')).toBeVisible();
    expect(within(el).getByRole('textbox', { name: 'Pris, kr/kWh' })).toHaveFocus();
    expect(api.requests.filter((request) => request.method === 'PUT')).toEqual([]);
  });

  it('fills in the prices set, and says when the API refuses the role', async () => {
    const prices = pricesApi(PROPERTY_ID, SET, { refuse: 403 });
    api.answer((request) => prices(request) ?? { status: 404 });
    const { user } = renderPrices();
    const heat = await screen.findByRole('group', { name: 'Värme' });
    expect(within(heat).getByRole('textbox', { name: 'Pris, kr/kWh' })).toHaveValue('0,95');
    expect(within(heat).getByRole('textbox', { name: 'Fast del, kr/månad' })).toHaveValue('1200');
    expect(screen.getByText('Senast ändrade 20 nov. 2026 09:30')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Spara priserna' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Du har inte behörighet att ändra priserna');
    expect(alert).toHaveTextContent('Bara en förvaltare kan ändra priserna.');
  });

  it('shows a user the prices without a form', async () => {
    const prices = pricesApi(PROPERTY_ID, SET);
    api.answer((request) => prices(request) ?? { status: 404 });
    renderPrices({ user: erik });
    const heat = await screen.findByRole('rowheader', { name: 'Värme' });
    expect(heat.nextElementSibling?.textContent?.replace(/[\u00a0\u202f]/g, ' ')).toBe(
      '0,95 kr/kWh + 1 200 kr/månad',
    );
    expect(screen.getByRole('rowheader', { name: 'El' }).nextElementSibling).toHaveTextContent(
      'Inget pris',
    );
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Spara priserna' })).not.toBeInTheDocument();
  });
});

describe('the prices (English)', () => {
  it("saves with a decimal point, says 'Updated', and translates the rules", async () => {
    const prices = pricesApi(PROPERTY_ID);
    api.answer((request) => prices(request) ?? { status: 404 });
    const { user } = renderPrices({ language: 'en' });
    const heat = await screen.findByRole('group', { name: 'Heat' });
    await user.type(within(heat).getByRole('textbox', { name: 'Price, kr/kWh' }), '100000');
    await user.click(screen.getByRole('button', { name: 'Save prices' }));
    expect(await within(heat).findByText('The value must be at most 10,000.')).toBeVisible();
    await user.clear(within(heat).getByRole('textbox', { name: 'Price, kr/kWh' }));
    await user.type(within(heat).getByRole('textbox', { name: 'Price, kr/kWh' }), '1.25');
    await user.click(screen.getByRole('button', { name: 'Save prices' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Updated');
    expect(prices.current().byType.heat).toEqual({ perUnit: 1.25, unit: 'kWh', fixedPerMonth: 0 });
  });

  it('shows a user the prices in English', async () => {
    const prices = pricesApi(PROPERTY_ID, SET);
    api.answer((request) => prices(request) ?? { status: 404 });
    renderPrices({ language: 'en', user: erik });
    const heat = await screen.findByRole('rowheader', { name: 'Heat' });
    expect(heat.nextElementSibling?.textContent?.replace(/[\u00a0\u202f]/g, ' ')).toBe(
      '0.95 kr/kWh + 1,200 kr/month',
    );
  });
});
