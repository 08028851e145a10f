// For tests: the demo's people and their organizations' names, as the API describes them: read by
// the contract's own schema, so a fixture can never drift from what the API answers. Roles belong
// to memberships: each organization a user lists carries their role in it.
import type { Role } from '@portal/contracts/domain';
import { type User, UserSchema } from '@portal/contracts/users';

export const SOLROSEN = { id: '5a0c9a52-3f43-4c1e-9a57-6b1f0b7c2d11', name: 'Brf Solrosen' };
export const BRF_VALLMON = { id: '9e8d7c6b-5a49-4382-9170-6f5e4d3c2b1a', name: 'Brf Vallmon' };

/** An organization as a user object lists it: with the user's role in it. */
export const membership = (
  organization: { id: string; name: string },
  role: Role,
): User['organizations'][number] => ({ id: organization.id, name: organization.name, role });

export const karin: User = UserSchema.parse({
  id: '0b5d3c52-8a5e-4d55-9f6a-3f1a2b9c7d10',
  email: 'forvaltare@example.se',
  name: 'Karin Lund',
  phone: '070-123 45 67',
  role: 'site-manager',
  language: 'sv',
  invitationStatus: 'accepted',
  pushNotifications: true,
  emailNotifications: false,
  organizations: [membership(SOLROSEN, 'site-manager')],
});

export const erik: User = UserSchema.parse({
  ...karin,
  id: 'c7a1f0d2-1b1e-4a4f-8f0e-5a6b7c8d9e0f',
  email: 'styrelsen@example.se',
  name: 'Erik Styrelse',
  phone: '',
  role: 'user',
  pushNotifications: false,
  emailNotifications: true,
  organizations: [membership(SOLROSEN, 'user')],
});

/** Karin as a site manager of both organizations. */
export const karinManagingBoth: User = UserSchema.parse({
  ...karin,
  organizations: [membership(SOLROSEN, 'site-manager'), membership(BRF_VALLMON, 'site-manager')],
});

/**
 * Karin as site manager of Brf Solrosen and a plain user of Brf Vallmon: what she may do in each
 * follows from her role there. Her account's role is site manager, since she manages one.
 */
export const karinManagingSolrosenOnly: User = UserSchema.parse({
  ...karin,
  organizations: [membership(SOLROSEN, 'site-manager'), membership(BRF_VALLMON, 'user')],
});

/**
 * Karin the other way round: a plain user of Brf Solrosen (whose property Solrosen 1 the area
 * fixtures are in) and site manager of Brf Vallmon. Her account's role is site manager all the
 * same, which must not open Solrosen's forms to her.
 */
export const karinManagingVallmonOnly: User = UserSchema.parse({
  ...karin,
  organizations: [membership(SOLROSEN, 'user'), membership(BRF_VALLMON, 'site-manager')],
});

/** Invited, not signed up yet. */
export const newcomer: User = UserSchema.parse({
  ...erik,
  id: '3c2b1a09-8f7e-4d6c-9b5a-4e3d2c1b0a98',
  email: 'ny.medlem@example.se',
  name: '',
  invitationStatus: 'pending',
});
