// Test data made directly in the database, and signing in through the real API.
import type { LoginResponse } from '@portal/contracts/auth';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/client';
import { organizationMemberships, organizations, users } from '../db/schema';
import { hashPassword } from '../modules/auth/password';

export const PASSWORD = 'a quiet basement meter';

// scrypt at full cost takes a moment: hash each test password once.
const hashes = new Map<string, Promise<string>>();
const hashOf = (password: string) => {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  return hashes.get(password) as Promise<string>;
};

let counter = 0;
export const uniqueEmail = (name = 'user') => `${name}.${Date.now()}.${++counter}@example.se`;

export async function createOrganization(db: Queryable, name = 'Brf Solrosen') {
  const [row] = await db
    .insert(organizations)
    .values({ name, address: 'Solrosvägen 1, Lund' })
    .returning();
  if (!row) throw new Error('no organization');
  return row;
}

export async function createUser(
  db: Queryable,
  options: {
    email?: string;
    name?: string;
    role?: 'site-manager' | 'user';
    password?: string | null;
    organizationIds?: string[];
    language?: 'sv' | 'en';
  } = {},
) {
  const password = options.password === undefined ? PASSWORD : options.password;
  const [row] = await db
    .insert(users)
    .values({
      email: options.email ?? uniqueEmail(),
      name: options.name ?? 'Anna Andersson',
      role: options.role ?? 'user',
      language: options.language ?? 'sv',
      invitationStatus: password ? 'accepted' : 'pending',
      passwordHash: password ? await hashOf(password) : null,
    })
    .returning();
  if (!row) throw new Error('no user');
  for (const organizationId of options.organizationIds ?? []) {
    await db.insert(organizationMemberships).values({ organizationId, userId: row.id });
  }
  return row;
}

export async function signIn(app: FastifyInstance, email: string, password = PASSWORD) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login/',
    payload: { email, password },
  });
  if (response.statusCode !== 200)
    throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return response.json() as LoginResponse;
}

export const bearer = (session: { accessToken: string }) => ({
  authorization: `Bearer ${session.accessToken}`,
});
