// The dashboard against a real API server on loopback: the greeting, then the user's properties
// as cards; SPEC §8's 'No properties' with the way forward for each kind of user, and 'Something
// went wrong' with a retry, in both languages; each card's energy class and this month's change per
// type, from one call for all the cards made once they are there.

import type { User } from '@portal/contracts/users';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aGlance, answerEnergyOverview, firstAnswer } from '../../features/energy/test-energy';
import { erik, karin } from '../../test/people';
import { propertiesApi, property, solrosen1, solrosen2, vallmon } from '../../test/properties';
import { renderComponent } from '../../test/render';
import { serveTestApi } from '../../test/serve-test-api';
import { signedInStore } from '../../test/store';
import DashboardScreen from './dashboard';

const api = serveTestApi();

/** The property calls of `fake`, and the energy overview answering with `glances`. */
const withEnergy = (
  fake: ReturnType<typeof propertiesApi>,
  glances: Parameters<typeof answerEnergyOverview>[0] = [],
  options: Parameters<typeof answerEnergyOverview>[1] = {},
) => firstAnswer(answerEnergyOverview(glances, options), fake);

afterEach(() => {
  vi.useRealTimers();
});

function renderDashboard(signedIn: User = karin, language: 'sv' | 'en' = 'sv') {
  return renderComponent(<DashboardScreen />, { store: signedInStore(signedIn), language });
}

/** The card of the property named `name`. */
async function card(name: string) {
  const heading = await screen.findByRole('heading', { level: 3, name });
  const item = heading.closest('li');
  if (!item) throw new Error(`${name} is not in a card`);
  return item;
}

describe('the dashboard (Swedish)', () => {
  it('greets the user, then shows their properties as cards', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2024, 5, 10, 8, 0));
    api.answer(withEnergy(propertiesApi([vallmon, solrosen2, solrosen1])));
    renderDashboard();
    expect(screen.getByRole('heading', { level: 1, name: 'God morgon, Karin' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Dina fastigheter' })).toBeVisible();

    const solrosen = await card('Solrosen 1');
    expect(solrosen).toHaveTextContent('Solrosvägen 1, 123 45 Solna');
    expect(solrosen).toHaveTextContent('Brf Solrosen');
    expect(solrosen).toHaveTextContent('24 lägenheter · 28 utrymmen');
    expect(within(solrosen).getByRole('link', { name: 'Solrosen 1' })).toHaveAttribute(
      'href',
      `/property/${solrosen1.id}`,
    );
    expect(await card('Vallmon')).toHaveTextContent(/Brf Vallmon1 utrymme$/);
    expect(await card('Solrosen 2')).toHaveTextContent('Inga utrymmen ännu');
    expect(
      screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent),
    ).toEqual(['Solrosen 1', 'Solrosen 2', 'Vallmon']);
    expect(screen.getByRole('link', { name: 'Visa alla' })).toHaveAttribute('href', '/properties');
    // The cards' energy is asked for once they are there.
    await waitFor(() =>
      expect(api.requests.map((request) => `${request.method} ${request.url}`).sort()).toEqual([
        `GET /energy-overview?propertyIds=${[solrosen1.id, solrosen2.id, vallmon.id].join(',')}`,
        'GET /properties?alerts=open&limit=50',
        'GET /properties?limit=100',
      ]),
    );
    // None of them has an open alert: nothing needs attention.
    expect(screen.queryByRole('heading', { name: 'Behöver tillsyn' })).not.toBeInTheDocument();
  });

  it('lists the properties that need attention, each with what is wrong, after the cards', async () => {
    const offline = property({
      id: '00000000-0000-4000-8000-0000000000a1',
      name: 'Kvarnen',
      openAlerts: { offline: 13, leak: 0 },
    });
    const leaking = property({
      id: '00000000-0000-4000-8000-0000000000a2',
      name: 'Tornet',
      openAlerts: { offline: 1, leak: 1 },
    });
    api.answer(withEnergy(propertiesApi([solrosen1, offline, leaking])));
    renderDashboard();
    const section = (
      await screen.findByRole('heading', { level: 2, name: 'Behöver tillsyn' })
    ).closest('section') as HTMLElement;
    const items = within(section).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Kvarnen13 enheter offline',
      'Tornet1 enhet offline1 möjligt läckage',
    ]);
    expect(within(section).getByRole('link', { name: 'Kvarnen' })).toHaveAttribute(
      'href',
      `/property/${offline.id}/overview`,
    );
    // Below the cards, so its arrival moves nothing already shown.
    const glance = screen.getByRole('heading', { level: 2, name: 'Dina fastigheter' });
    expect(glance.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows the first six, leading to all of them', async () => {
    const many = Array.from({ length: 8 }, (_, index) =>
      property({ id: `00000000-0000-4000-8000-00000000000${index}`, name: `Hus ${index + 1}` }),
    );
    api.answer(withEnergy(propertiesApi(many)));
    renderDashboard();
    await card('Hus 1');
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(6);
    expect(screen.queryByRole('heading', { name: 'Hus 7' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Visa alla 8' })).toHaveAttribute(
      'href',
      '/properties',
    );
  });

  it("says 'Inga fastigheter' and leads a site manager to create one", async () => {
    api.answer(withEnergy(propertiesApi([])));
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'Inga fastigheter' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ny fastighet' })).toHaveAttribute(
      'href',
      '/properties/new',
    );
    expect(screen.queryByRole('link', { name: /^Visa alla/ })).not.toBeInTheDocument();
  });

  it('leads a site manager without an organization to create one first', async () => {
    api.answer(withEnergy(propertiesApi([])));
    renderDashboard({ ...karin, organizations: [] });
    expect(await screen.findByRole('heading', { name: 'Inga fastigheter' })).toBeVisible();
    expect(screen.getByText(/Skapa först er bostadsrättsförening/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ny organisation' })).toHaveAttribute(
      'href',
      '/organizations/new',
    );
  });

  it('tells a user without properties that a site manager adds them', async () => {
    api.answer(withEnergy(propertiesApi([])));
    renderDashboard(erik);
    expect(await screen.findByRole('heading', { name: 'Inga fastigheter' })).toBeVisible();
    expect(screen.getByText(/När en förvaltare lägger till en fastighet/)).toBeVisible();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it("says 'Något gick fel' when the properties cannot be fetched, and tries again", async () => {
    api.answer(withEnergy(propertiesApi([], { fail: 'GET' })));
    const { user } = renderDashboard();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Något gick fel');
    expect(alert).toHaveTextContent('Det gick inte att hämta dina fastigheter.');
    api.answer(withEnergy(propertiesApi([solrosen1])));
    await user.click(within(alert).getByRole('button', { name: 'Försök igen' }));
    expect(await card('Solrosen 1')).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('the dashboard (English)', () => {
  it('shows the cards in English', async () => {
    api.answer(withEnergy(propertiesApi([solrosen1])));
    renderDashboard(karin, 'en');
    expect(screen.getByRole('heading', { level: 2, name: 'Your properties' })).toBeVisible();
    expect(await card('Solrosen 1')).toHaveTextContent('24 apartments · 28 areas');
    expect(screen.getByRole('link', { name: 'Show all' })).toBeVisible();
  });

  it('lists the properties that need attention in English', async () => {
    const leaking = property({
      id: '00000000-0000-4000-8000-0000000000a2',
      name: 'Tornet',
      openAlerts: { offline: 2, leak: 3 },
    });
    api.answer(withEnergy(propertiesApi([leaking])));
    renderDashboard(karin, 'en');
    const section = (
      await screen.findByRole('heading', { level: 2, name: 'Needs attention' })
    ).closest('section') as HTMLElement;
    expect(within(section).getByRole('listitem')).toHaveTextContent(
      'Tornet2 devices offline3 possible leaks',
    );
  });

  it("says 'No properties'", async () => {
    api.answer(withEnergy(propertiesApi([])));
    renderDashboard(karin, 'en');
    expect(await screen.findByRole('heading', { name: 'No properties' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'New property' })).toBeVisible();
  });

  it("says 'Something went wrong'", async () => {
    api.answer(withEnergy(propertiesApi([], { fail: 'GET' })));
    renderDashboard(karin, 'en');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});

describe("the dashboard cards' energy", () => {
  const glances = [
    aGlance(solrosen1.id),
    aGlance(vallmon.id, { byType: [], energyClass: null, primaryEnergyNumber: null }),
  ];

  it("shows each card's energy class and this month's change per type, from one call after the list", async () => {
    api.answer(withEnergy(propertiesApi([vallmon, solrosen2, solrosen1]), glances));
    renderDashboard();
    const solrosen = await card('Solrosen 1');
    expect(
      await within(solrosen).findByRole('link', {
        name: 'Energiklass C, visa energisammanställningen',
      }),
    ).toHaveAttribute('href', `/property/${solrosen1.id}/energy-summary`);
    // Its electricity is partly estimated: flagged once, beside the label.
    expect(solrosen).toHaveTextContent('Den här månaden mot i fjol (delvis uppskattad)');
    expect(
      within(solrosen)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Värme +12\u00a0%', 'El −2,9\u00a0%']);
    const vallmonCard = await card('Vallmon');
    expect(vallmonCard).toHaveTextContent(/Ingen energiklassInga mätare ännu$/);
    // The API left Solrosen 2 out: its card shows no energy.
    expect(await card('Solrosen 2')).toHaveTextContent(/Inga utrymmen ännu$/);

    const urls = api.requests.map((request) => request.url ?? '');
    const energyCalls = urls.filter((url) => url.startsWith('/energy-overview'));
    expect(energyCalls).toEqual([
      `/energy-overview?propertyIds=${[solrosen1.id, solrosen2.id, vallmon.id].join(',')}`,
    ]);
    expect(urls.indexOf(energyCalls[0] as string)).toBeGreaterThan(
      urls.indexOf('/properties?limit=100'),
    );
  });

  it('keeps room for the energy in the placeholders and the cards while it loads', async () => {
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fake = withEnergy(propertiesApi([solrosen1]), glances);
    api.answer(async (request) => {
      if (request.url?.startsWith('/energy-overview')) await answered;
      return fake(request);
    });
    renderDashboard();
    const solrosen = await card('Solrosen 1');
    const busy = solrosen.querySelector('[aria-busy="true"]') as HTMLElement;
    expect(busy).toBeInTheDocument();
    expect(busy.style.minHeight).not.toBe('');
    release();
    expect(await within(solrosen).findByText('Energiklass C')).toBeVisible();
    expect(solrosen.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it('says when the energy cannot be fetched, and tries again', async () => {
    api.answer(withEnergy(propertiesApi([solrosen1]), glances, { fail: true }));
    const { user } = renderDashboard();
    const solrosen = await card('Solrosen 1');
    expect(await within(solrosen).findByText('Energiuppgifterna kunde inte hämtas.')).toBeVisible();
    api.answer(withEnergy(propertiesApi([solrosen1]), glances));
    await user.click(within(solrosen).getByRole('button', { name: 'Försök igen' }));
    expect(await within(solrosen).findByText('Energiklass C')).toBeVisible();
  });

  it('shows them in English', async () => {
    api.answer(withEnergy(propertiesApi([solrosen1]), glances));
    renderDashboard(karin, 'en');
    const solrosen = await card('Solrosen 1');
    expect(
      await within(solrosen).findByRole('link', {
        name: 'Energy class C, show the energy summary',
      }),
    ).toBeVisible();
    expect(
      within(solrosen)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Heat +12%', 'Electricity -2.9%']);
  });
});
