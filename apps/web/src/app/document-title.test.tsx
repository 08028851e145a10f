// Every screen's document title, set once by the layouts from the route table's handles: the
// screen's part, the names of what it shows (a property, an area) and the portal's name, in the
// language shown.
import type { Area } from '@portal/contracts/areas';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import en from '../locales/en/translation.json';
import sv from '../locales/sv/translation.json';
import { anArea } from '../test/areas';
import { karin } from '../test/people';
import { property } from '../test/properties';
import { type RenderOptions, renderWithProviders } from '../test/render';
import { failure, serveTestApi } from '../test/serve-test-api';
import { makeStore, signedInStore } from '../test/store';
import { screens } from './router';

const api = serveTestApi();

const solrosen1 = property();
const apartment: Area = anArea({ propertyId: solrosen1.id, areaType: 'apt', number: 1001 });
const laundry: Area = anArea({ propertyId: solrosen1.id, areaType: 'lau', name: 'Tvättstugan' });

beforeEach(() => {
  // Solrosen 1 and two of its areas exist; every list is empty; anything else is not found.
  api.answer((request) => {
    const url = request.url ?? '';
    if (url === `/properties/${solrosen1.id}`) return { status: 200, body: solrosen1 };
    for (const area of [apartment, laundry])
      if (url === `/areas/${area.id}`) return { status: 200, body: area };
    if (url === `/user/${karin.id}`) return { status: 200, body: karin };
    if (/^\/(properties|organizations)(\?|$)|\/areas(\?|$)/.test(url))
      return { status: 200, body: [] };
    return failure(404, 'Not found.', { code: 'NOT_FOUND' });
  });
});

const signedIn = (route: string, options: RenderOptions = {}) =>
  renderWithProviders(route, { store: signedInStore(), ...options });

const titled = (title: string) => waitFor(() => expect(document.title).toBe(title));

describe('public screens', () => {
  it.each([
    ['/login', 'Logga in · Fastighetsportalen'],
    ['/signup', 'Skapa konto · Fastighetsportalen'],
    ['/reset-password-email', 'Återställ lösenordet · Fastighetsportalen'],
  ])('%s is titled %s', async (route, title) => {
    renderWithProviders(route, { store: makeStore() });
    await titled(title);
  });

  it('are titled in English when English is shown', async () => {
    renderWithProviders('/login', { store: makeStore(), language: 'en' });
    await titled('Sign in · Property Portal');
  });
});

describe('screens inside the shell', () => {
  it.each([
    ['/', 'Start · Fastighetsportalen'],
    ['/profile', 'Profil · Fastighetsportalen'],
    ['/organizations/users', 'Användare · Fastighetsportalen'],
    ['/properties', 'Fastigheter · Fastighetsportalen'],
  ])('%s is titled %s', async (route, title) => {
    signedIn(route);
    await titled(title);
  });

  it("names the property before the screen's part: 'Solrosen 1 · Översikt · Fastighetsportalen'", async () => {
    signedIn(`/property/${solrosen1.id}/overview`);
    await titled('Solrosen 1 · Översikt · Fastighetsportalen');
  });

  it("says 'Solrosen 1 · Overview · Property Portal' in English", async () => {
    signedIn(`/property/${solrosen1.id}/overview`, {
      language: 'en',
      store: signedInStore({ ...karin, language: 'en' }),
    });
    await titled('Solrosen 1 · Overview · Property Portal');
  });

  it("names an area by its label, then its property: 'Lägenhet 1001 · Solrosen 1 · Utrymme · …'", async () => {
    signedIn(`/property/${solrosen1.id}/area/apt/${apartment.id}`);
    await titled('Lägenhet 1001 · Solrosen 1 · Utrymme · Fastighetsportalen');
  });

  it('names an area by its own name when it has one', async () => {
    signedIn(`/property/${solrosen1.id}/area/lau/${laundry.id}/edit-area`);
    await titled('Tvättstugan · Solrosen 1 · Redigera utrymme · Fastighetsportalen');
  });

  it('names no property that does not exist', async () => {
    const missing = '00000000-0000-4000-8000-000000000099';
    signedIn(`/property/${missing}/overview`);
    expect(await screen.findByRole('heading', { name: 'Fastigheten finns inte' })).toBeVisible();
    expect(document.title).toBe('Översikt · Fastighetsportalen');
  });

  it('titles an unknown path as not found', async () => {
    signedIn('/no/such/page');
    await titled('Sidan finns inte · Fastighetsportalen');
    signedIn(`/property/${solrosen1.id}/no-such-view`);
    await titled('Sidan finns inte · Fastighetsportalen');
  });

  it('follows the language switch', async () => {
    const { user } = signedIn('/properties');
    await titled('Fastigheter · Fastighetsportalen');
    await user.click(await screen.findByRole('radio', { name: 'English' }));
    await titled('Properties · Property Portal');
  });
});

describe('the title catalogue', () => {
  it('has a title for every screen of the route table, in both languages', () => {
    for (const name of Object.keys(screens)) {
      expect(en.titles).toHaveProperty(name);
      expect(sv.titles).toHaveProperty(name);
    }
  });
});
