// The profile as the signed-in user sees it, for a site manager and a user, in both languages,
// with their role in each of their organizations; and what it shows while the shell has not
// fetched the signed-in user.

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  BRF_VALLMON,
  erik,
  karin,
  karinManagingSolrosenOnly,
  karinManagingVallmonOnly,
} from '../../test/people';
import { renderComponent } from '../../test/render';
import { failure, serveTestApi } from '../../test/serve-test-api';
import { signedInStore } from '../../test/store';
import ProfileScreen from './profile-screen';

/** The entry of the organization named `name` in the profile's list of organizations. */
function organizationEntry(name: string) {
  const entry = within(detail('Organisationer'))
    .getAllByRole('listitem')
    .find((item) => within(item).queryByText(name) !== null);
  if (!entry) throw new Error(`no organization ${name}`);
  return entry;
}

/** The value shown under a label of the details list. */
function detail(label: string) {
  const term = screen.getByText(label, { selector: 'dt' });
  const value = term.nextElementSibling;
  if (!(value instanceof HTMLElement)) throw new Error(`no value for ${label}`);
  return value;
}

describe('profile of a site manager', () => {
  it('shows the details in Swedish', () => {
    renderComponent(<ProfileScreen />, { store: signedInStore(karin) });
    expect(screen.getByRole('heading', { level: 1, name: 'Profil' })).toBeVisible();
    expect(detail('Namn')).toHaveTextContent('Karin Lund');
    expect(detail('E-post')).toHaveTextContent('forvaltare@example.se');
    expect(detail('Telefon')).toHaveTextContent('070-123 45 67');
    expect(detail('Språk')).toHaveTextContent('Svenska');
    expect(detail('Aviseringar')).toHaveTextContent('Pushnotiser: På');
    expect(detail('Aviseringar')).toHaveTextContent('E-postaviseringar: Av');
    expect(organizationEntry('Brf Solrosen')).toHaveTextContent('Förvaltare');
  });

  it('shows the role in each organization, not one role for the account', () => {
    renderComponent(<ProfileScreen />, { store: signedInStore(karinManagingSolrosenOnly) });
    expect(organizationEntry('Brf Solrosen')).toHaveTextContent('Förvaltare');
    expect(organizationEntry('Brf Vallmon')).toHaveTextContent('Användare');
    expect(organizationEntry('Brf Vallmon')).not.toHaveTextContent('Förvaltare');
    expect(screen.queryByText('Roll', { selector: 'dt' })).not.toBeInTheDocument();
  });

  it('links to editing the profile and to the organization’s users', () => {
    renderComponent(<ProfileScreen />, { store: signedInStore(karin) });
    expect(screen.getByRole('link', { name: 'Redigera profil' })).toHaveAttribute(
      'href',
      '/profile/edit',
    );
    expect(screen.getByRole('link', { name: 'Användare i organisationen' })).toHaveAttribute(
      'href',
      `/organizations/users?organization=${karin.organizations[0]?.id}`,
    );
  });

  it('links to the users of the organization they manage, not the first they belong to', () => {
    renderComponent(<ProfileScreen />, { store: signedInStore(karinManagingVallmonOnly) });
    expect(screen.getByRole('link', { name: 'Användare i organisationen' })).toHaveAttribute(
      'href',
      `/organizations/users?organization=${BRF_VALLMON.id}`,
    );
  });

  it('shows the details in English', () => {
    renderComponent(<ProfileScreen />, { store: signedInStore(karin), language: 'en' });
    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    expect(within(detail('Organizations')).getByRole('listitem')).toHaveTextContent(
      'Brf SolrosenSite manager',
    );
    expect(detail('Notifications')).toHaveTextContent('Push notifications: On');
    expect(detail('Notifications')).toHaveTextContent('E-mail notifications: Off');
    expect(screen.getByRole('link', { name: 'Edit profile' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Users in the organization' })).toBeVisible();
  });
});

describe('profile of a user', () => {
  it("shows the role 'Användare' and no link to the organization's users", () => {
    renderComponent(<ProfileScreen />, { store: signedInStore(erik) });
    expect(organizationEntry('Brf Solrosen')).toHaveTextContent('Användare');
    expect(detail('Telefon')).toHaveTextContent('Inte angivet');
    expect(screen.getByRole('link', { name: 'Redigera profil' })).toBeVisible();
    expect(
      screen.queryByRole('link', { name: 'Användare i organisationen' }),
    ).not.toBeInTheDocument();
  });

  it("shows the role 'User' in English", () => {
    renderComponent(<ProfileScreen />, { store: signedInStore(erik), language: 'en' });
    expect(within(detail('Organizations')).getByRole('listitem')).toHaveTextContent(
      'Brf SolrosenUser',
    );
    expect(detail('Phone')).toHaveTextContent('Not given');
  });

  it('says so when the user is in no organization', () => {
    renderComponent(<ProfileScreen />, {
      store: signedInStore({ ...erik, organizations: [] }),
    });
    expect(detail('Organisationer')).toHaveTextContent('Inte medlem i någon organisation ännu');
  });
});

describe('before the signed-in user is known', () => {
  const api = serveTestApi();

  it("shows 'Laddar...' while the shell fetches them", () => {
    renderComponent(<ProfileScreen />, { store: signedInStore(null) });
    expect(screen.getByRole('heading', { level: 1, name: 'Profil' })).toBeVisible();
    expect(screen.getByText('Laddar...')).toBeInTheDocument();
  });

  it("says 'Det gick inte att hämta användaren' when fetching them failed", async () => {
    api.answer(() => failure(500, 'x'));
    renderComponent(<ProfileScreen />, { store: signedInStore(null) });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Det gick inte att hämta användaren',
    );
  });

  it("says 'Failed to fetch user' in English", async () => {
    api.answer(() => failure(500, 'x'));
    renderComponent(<ProfileScreen />, { store: signedInStore(null), language: 'en' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch user');
  });
});
