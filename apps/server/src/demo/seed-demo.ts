// Demo data for a first look: an organization, its site manager and a board member, so a
// newcomer can sign in right after `npm start`. Seeded only into a database without users.
import { count } from 'drizzle-orm';
import type { Database } from '../db/client';
import { organizations, users } from '../db/schema';
import { hashPassword } from '../modules/auth/password';
import { addMembership, findUserByEmail, insertUser } from '../modules/users/users.repository';

export const DEMO_SITE_MANAGER = { email: 'forvaltare@example.se', password: 'Solrosen-demo-2026' };
export const DEMO_MEMBER = { email: 'styrelsen@example.se', password: 'Solrosen-demo-2026' };

/** PORTAL_DEMO unset: on for the embedded database, off on PostgreSQL (DESIGN §4.3). */
export function demoWanted(setting: boolean | undefined, database: Database) {
  return setting ?? database.driver === 'pglite';
}

/** Seeds the demo when the database has no users yet; answers whether it did. */
export async function seedDemo(database: Database): Promise<boolean> {
  const [row] = await database.db.select({ users: count() }).from(users);
  if ((row?.users ?? 0) > 0) return false;
  const passwordHash = await hashPassword(DEMO_SITE_MANAGER.password);
  await database.db.transaction(async (transaction) => {
    const [organization] = await transaction
      .insert(organizations)
      .values({ name: 'Brf Solrosen', address: 'Solrosvägen 1, 223 50 Lund' })
      .returning();
    if (!organization) throw new Error('the demo organization was not created');
    const manager = await insertUser(transaction, {
      email: DEMO_SITE_MANAGER.email,
      name: 'Karin Lund',
      phone: '070-123 45 67',
      role: 'site-manager',
      invitationStatus: 'accepted',
      passwordHash,
    });
    const member = await insertUser(transaction, {
      email: DEMO_MEMBER.email,
      name: 'Erik Styrelse',
      role: 'user',
      invitationStatus: 'accepted',
      passwordHash,
    });
    await addMembership(transaction, organization.id, manager.id);
    await addMembership(transaction, organization.id, member.id);
  });
  return true;
}

/** Whether the demo accounts are there to be signed into (they may have been deleted since). */
export async function hasDemoAccounts(database: Database) {
  return Boolean(await findUserByEmail(database.db, DEMO_SITE_MANAGER.email));
}
