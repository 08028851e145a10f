// PORTAL_ADMIN_EMAIL / PORTAL_ADMIN_PASSWORD: make sure that site manager exists, so a fresh
// installation can be signed into. A new account belongs to no organization yet, which makes it a
// site manager (policies.ts accountRole); an existing one becomes site manager of every
// organization it belongs to. An existing account keeps its password once it has one.
import type { Queryable } from '../../db/client';
import { hashPassword } from '../auth/password';
import {
  findUserByEmail,
  insertUser,
  makeSiteManagerEverywhere,
  updateUserRow,
} from './users.repository';

export async function ensureAdmin(db: Queryable, admin: { email: string; password: string }) {
  const existing = await findUserByEmail(db, admin.email);
  if (!existing) {
    await insertUser(db, {
      email: admin.email,
      name: 'Administrator',
      invitationStatus: 'accepted',
      passwordHash: await hashPassword(admin.password),
    });
    return 'created' as const;
  }
  await makeSiteManagerEverywhere(db, existing.id);
  if (!existing.passwordHash) {
    await updateUserRow(db, existing.id, {
      passwordHash: await hashPassword(admin.password),
      invitationStatus: 'accepted',
    });
  }
  return 'updated' as const;
}
