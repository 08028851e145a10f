// For tests: the demo's people and their organizations' names, as the API describes them: read by
// the contract's own schema, so a fixture can never drift from what the API answers.
import { type User, UserSchema } from '@portal/contracts/users';

export const SOLROSEN = { id: '5a0c9a52-3f43-4c1e-9a57-6b1f0b7c2d11', name: 'Brf Solrosen' };

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
  organizations: [SOLROSEN],
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
});

export const BRF_VALLMON = { id: '9e8d7c6b-5a49-4382-9170-6f5e4d3c2b1a', name: 'Brf Vallmon' };

/** Invited, not signed up yet. */
export const newcomer: User = UserSchema.parse({
  ...erik,
  id: '3c2b1a09-8f7e-4d6c-9b5a-4e3d2c1b0a98',
  email: 'ny.medlem@example.se',
  name: '',
  invitationStatus: 'pending',
});
