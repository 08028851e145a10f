// PORTAL_ADMIN_EMAIL / PORTAL_ADMIN_PASSWORD: make sure that site manager exists, so a fresh
// installation can be signed into. An existing account keeps its password once it has one.
import type { Queryable } from '../../db/client';
import { hashPassword } from '../auth/password';
import { findUserByEmail, insertUser, updateUserRow } from './users.repository';

export async function ensureAdmin(db: Queryable, admin: { email: string; password: string }) {
  const existing = await findUserByEmail(db, admin.email);
  if (!existing) {
    await insertUser(db, {
      email: admin.email,
      name: 'Administrator',
      role: 'site-manager',
      invitationStatus: 'accepted',
      passwordHash: await hashPassword(admin.password),
    });
    return 'created' as const;
  }
  await updateUserRow(db, existing.id, {
    role: 'site-manager',
    ...(existing.passwordHash
      ? {}
      : {
          passwordHash: await hashPassword(admin.password),
          invitationStatus: 'accepted' as const,
        }),
  });
  return 'updated' as const;
}
