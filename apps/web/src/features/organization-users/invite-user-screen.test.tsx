// Inviting a user against a real API server on loopback: what is sent, SPEC §8's messages for
// success, someone already a member and other failures, in both languages; the member lists being
// fetched again; only the organizations the inviter manages on offer; and a user seeing that they
// lack the permission.

import type { User } from '@portal/contracts/users';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { organizationUsersApi } from '../../api/organization-users';
import { paths } from '../../config/paths';
import {
  BRF_VALLMON,
  erik,
  karin,
  karinManagingBoth,
  karinManagingSolrosenOnly,
  karinManagingVallmonOnly,
  membership,
  newcomer,
  SOLROSEN,
} from '../../test/people';
import { renderComponent } from '../../test/render';
import { serveTestApi } from '../../test/serve-test-api';
import { signedInStore } from '../../test/store';
import type { ReceivedRequest } from '../../test/test-api';
import InviteUserScreen from './invite-user-screen';

const api = serveTestApi();

const conflict = { statusCode: 409, error: 'Conflict', message: 'Conflict, already exists.' };
const tooMany = { statusCode: 429, error: 'Too Many Requests', message: 'Rate limit exceeded.' };

/** POST /user/ answers `reply`; member lists answer the pending newcomer. */
function answerInvitations(reply: { status: number; body: unknown }) {
  api.answer((request: ReceivedRequest) =>
    request.method === 'POST' ? reply : { status: 200, body: [karin, erik, newcomer] },
  );
}
const invited = { status: 201, body: { user: newcomer } };
const posts = () => api.requests.filter((request) => request.method === 'POST');

function renderInvite(signedIn: User = karin, language: 'sv' | 'en' = 'sv', route = '/') {
  const store = signedInStore(signedIn);
  return renderComponent(<InviteUserScreen />, { store, language, route });
}

async function invite(user: ReturnType<typeof renderInvite>['user'], email: string) {
  await user.type(screen.getByLabelText(/^E-postadress/), email);
  await user.click(screen.getByRole('button', { name: 'Skicka inbjudan' }));
}

describe('a site manager inviting (Swedish)', () => {
  it('sends the address, the role and the organization to POST /user/', async () => {
    answerInvitations(invited);
    const { user } = renderInvite();
    expect(screen.getByRole('heading', { level: 1, name: 'Bjud in användare' })).toBeVisible();
    expect(screen.getByText('Inbjudan gäller Brf Solrosen.')).toBeVisible();
    expect(screen.getByLabelText('Roll')).toHaveValue('user');
    await invite(user, 'ny.medlem@example.se');

    expect(await screen.findByRole('status')).toHaveTextContent('Användare inbjuden');
    expect(screen.getByRole('status')).toHaveTextContent(
      'En inbjudan har skickats till ny.medlem@example.se.',
    );
    expect(posts()).toHaveLength(1);
    expect(posts()[0]).toMatchObject({
      url: '/user/',
      body: { email: 'ny.medlem@example.se', role: 'user', organizationId: SOLROSEN.id },
    });
    expect(screen.getByLabelText(/^E-postadress/)).toHaveValue('');
  });

  it('can invite another site manager', async () => {
    answerInvitations(invited);
    const { user } = renderInvite();
    await user.selectOptions(screen.getByLabelText('Roll'), 'Förvaltare');
    await invite(user, 'kollega@example.se');
    await screen.findByRole('status');
    expect(posts()[0]?.body).toMatchObject({ role: 'site-manager' });
  });

  it("says 'Användaren finns redan.' for someone already a member of the organization", async () => {
    answerInvitations({ status: 409, body: conflict });
    const { user } = renderInvite();
    await invite(user, 'styrelsen@example.se');
    expect(await screen.findByRole('alert')).toHaveTextContent('Användaren finns redan.');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it("says 'Det gick inte att skicka' for any other failure", async () => {
    answerInvitations({ status: 429, body: tooMany });
    const { user } = renderInvite();
    await invite(user, 'ny.medlem@example.se');
    expect(await screen.findByRole('alert')).toHaveTextContent('Det gick inte att skicka');
  });

  it('sends nothing for an address that is not one', async () => {
    answerInvitations(invited);
    const { user } = renderInvite();
    await invite(user, 'inte-en-adress');
    expect(screen.getByLabelText(/^E-postadress/)).toHaveAccessibleDescription(
      'Skriv en giltig e-postadress.',
    );
    expect(posts()).toHaveLength(0);
  });

  it('shows the address the API refuses (VALIDATION_FAILED) at its field', async () => {
    const issue = { field: 'email', rule: 'invalid_format', format: 'email', message: 'Invalid.' };
    answerInvitations({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'email: Invalid.',
        code: 'VALIDATION_FAILED',
        details: { issues: [issue] },
      },
    });
    const { user } = renderInvite();
    await invite(user, 'ny.medlem@example.se');
    expect(await screen.findByRole('alert')).toHaveTextContent('Det gick inte att skicka');
    expect(screen.getByLabelText(/^E-postadress/)).toHaveAccessibleDescription(
      'Skriv en giltig e-postadress.',
    );
    expect(screen.getByLabelText(/^E-postadress/)).toHaveValue('ny.medlem@example.se');
  });

  it('replaces an earlier message with the new outcome', async () => {
    answerInvitations({ status: 409, body: conflict });
    const { user } = renderInvite();
    await invite(user, 'styrelsen@example.se');
    await screen.findByRole('alert');
    answerInvitations(invited);
    await user.clear(screen.getByLabelText(/^E-postadress/));
    await invite(user, 'ny.medlem@example.se');
    expect(await screen.findByRole('status')).toHaveTextContent('Användare inbjuden');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('makes the member lists fetch again, with the invited address', async () => {
    answerInvitations(invited);
    const { user, store } = renderInvite();
    const list = store.dispatch(
      organizationUsersApi.endpoints.getOrganizationUsers.initiate(SOLROSEN.id),
    );
    await list;
    const listFetches = () =>
      api.requests.filter((request) => request.url === `/organizations/${SOLROSEN.id}/users`);
    expect(listFetches()).toHaveLength(1);
    await invite(user, 'ny.medlem@example.se');
    await screen.findByRole('status');
    await waitFor(() => expect(listFetches()).toHaveLength(2));
    list.unsubscribe();
  });

  it('lets a member of several organizations choose which one', async () => {
    answerInvitations(invited);
    const { user } = renderInvite(karinManagingBoth);
    await user.selectOptions(screen.getByLabelText('Organisation'), 'Brf Vallmon');
    await invite(user, 'ny.medlem@example.se');
    await screen.findByRole('status');
    expect(posts()[0]?.body).toMatchObject({ organizationId: BRF_VALLMON.id });
  });

  it('starts on the organization the users screen handed over, and leads back to it', async () => {
    answerInvitations(invited);
    const { user } = renderInvite(
      karinManagingBoth,
      'sv',
      paths.organizationUsersNew.href(BRF_VALLMON.id),
    );
    expect(screen.getByLabelText('Organisation')).toHaveValue(BRF_VALLMON.id);
    expect(screen.getByRole('link', { name: 'Tillbaka till användarna' })).toHaveAttribute(
      'href',
      paths.organizationUsers.href(BRF_VALLMON.id),
    );
    await invite(user, 'ny.medlem@example.se');
    await screen.findByRole('status');
    expect(posts()[0]?.body).toMatchObject({ organizationId: BRF_VALLMON.id });
  });

  it('asks for an organization first when the site manager has none', () => {
    renderInvite({ ...karin, organizations: [] });
    expect(screen.getByText(/Skapa en organisation först/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Skicka inbjudan' })).not.toBeInTheDocument();
  });

  it('forgets the messages when the user leaves', async () => {
    answerInvitations(invited);
    const { user, store, unmount } = renderInvite();
    await invite(user, 'ny.medlem@example.se');
    await screen.findByRole('status');
    expect(store.getState().user.createUser.success).toBe('user.submitted');
    unmount();
    expect(store.getState().user.createUser).toMatchObject({ success: '', error: '' });
  });

  it('links back to the users of the organization it invites into', () => {
    renderInvite();
    expect(screen.getByRole('link', { name: 'Tillbaka till användarna' })).toHaveAttribute(
      'href',
      `/organizations/users?organization=${SOLROSEN.id}`,
    );
  });
});

describe('a site manager of one organization and a user of another, inviting', () => {
  it('is offered only the organization they manage', async () => {
    answerInvitations(invited);
    const { user } = renderInvite(karinManagingVallmonOnly);
    expect(screen.queryByLabelText('Organisation')).not.toBeInTheDocument();
    expect(screen.getByText('Inbjudan gäller Brf Vallmon.')).toBeVisible();
    await invite(user, 'ny.medlem@example.se');
    await screen.findByRole('status');
    expect(posts()[0]?.body).toMatchObject({ organizationId: BRF_VALLMON.id });
  });

  it('lists only the managed ones when they manage several', () => {
    const managingTwo = {
      ...karinManagingSolrosenOnly,
      organizations: [
        ...karinManagingSolrosenOnly.organizations,
        membership(
          { id: '6b5a4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d', name: 'Brf Kornell' },
          'site-manager',
        ),
      ],
    };
    renderInvite(managingTwo);
    const options = [...(screen.getByLabelText('Organisation') as HTMLSelectElement).options];
    expect(options.map((option) => option.textContent)).toEqual(['Brf Solrosen', 'Brf Kornell']);
  });

  it('is told they lack the permission when handed the organization where they are a user', () => {
    renderInvite(karinManagingSolrosenOnly, 'sv', paths.organizationUsersNew.href(BRF_VALLMON.id));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Du har inte behörighet att bjuda in användare',
    );
    expect(screen.queryByLabelText(/^E-postadress/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tillbaka till användarna' })).toHaveAttribute(
      'href',
      paths.organizationUsers.href(BRF_VALLMON.id),
    );
  });
});

describe('a user at the invitation', () => {
  it('is told they lack the permission, and offered no form', () => {
    renderInvite(erik);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Du har inte behörighet att bjuda in användare',
    );
    expect(screen.queryByLabelText(/^E-postadress/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Skicka inbjudan' })).not.toBeInTheDocument();
  });

  it("is told so in English: 'You don't have the permissions to invite users'", () => {
    renderInvite(erik, 'en');
    expect(screen.getByRole('alert')).toHaveTextContent(
      "You don't have the permissions to invite users",
    );
  });
});

describe('a site manager inviting (English)', () => {
  async function inviteInEnglish(reply: { status: number; body: unknown }) {
    answerInvitations(reply);
    const { user } = renderInvite(karin, 'en');
    expect(screen.getByRole('heading', { level: 1, name: 'Invite user' })).toBeVisible();
    await user.type(screen.getByLabelText(/^E-mail address/), 'ny.medlem@example.se');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
  }

  it("shows 'User submitted'", async () => {
    await inviteInEnglish(invited);
    expect(await screen.findByRole('status')).toHaveTextContent('User submitted');
  });

  it("shows 'User already exist.'", async () => {
    await inviteInEnglish({ status: 409, body: conflict });
    expect(await screen.findByRole('alert')).toHaveTextContent('User already exist.');
  });

  it("shows 'Failed to submit'", async () => {
    await inviteInEnglish({ status: 429, body: tooMany });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to submit');
  });

  it("says 'Enter a valid e-mail address.' and sends nothing for an address that is not one", async () => {
    answerInvitations(invited);
    const { user } = renderInvite(karin, 'en');
    await user.type(screen.getByLabelText(/^E-mail address/), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(screen.getByLabelText(/^E-mail address/)).toHaveAccessibleDescription(
      'Enter a valid e-mail address.',
    );
    expect(screen.getByLabelText(/^E-mail address/)).toHaveFocus();
    expect(posts()).toHaveLength(0);
  });

  it("labels the roles 'User' and 'Site manager'", () => {
    renderInvite(karin, 'en');
    const options = [...(screen.getByLabelText('Role') as HTMLSelectElement).options];
    expect(options.map((option) => option.textContent)).toEqual(['Site manager', 'User']);
  });
});
