// Accounts: users, the keys mailed to them, their sessions and failed sign-ins.
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

/** A person who can sign in, or has been invited to (SPEC §3 "User"). */
export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** As typed; uniqueness ignores case (index below). */
    email: text().notNull(),
    name: text().notNull().default(''),
    phone: text().notNull().default(''),
    language: text({ enum: ['sv', 'en'] })
      .notNull()
      .default('sv'),
    /** 'pending' until the invitation or registration is completed with a password. */
    invitationStatus: text({ enum: ['pending', 'accepted'] })
      .notNull()
      .default('pending'),
    pushNotifications: boolean().notNull().default(false),
    emailNotifications: boolean().notNull().default(true),
    /** scrypt hash (see modules/auth/password.ts); null until the user has set a password. */
    passwordHash: text(),
    ...timestamps,
  },
  (table) => [uniqueIndex('users_email_lower_unique').on(sql`lower(${table.email})`)],
);

/**
 * Single-use keys sent by e-mail: invitations (7 days) and password resets (1 hour). Only a hash
 * of the key is kept, bound to the e-mail address it was sent to.
 */
export const emailKeys = pgTable(
  'email_keys',
  {
    id: uuid().primaryKey().defaultRandom(),
    purpose: text({ enum: ['invitation', 'reset'] }).notNull(),
    keyHash: text().notNull().unique(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address the key was sent to, lower-cased; the key is valid only with it. */
    email: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('email_keys_user').on(table.userId)],
);

/**
 * Refresh tokens, hashed. Each use replaces the token with a new one of the same family; using a
 * replaced token again means it was stolen, and the whole family is revoked.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    tokenHash: text().notNull().unique(),
    familyId: uuid().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The family's absolute end (REFRESH_TOKEN_TTL after sign-in); rotation never extends it. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    replacedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('refresh_tokens_family').on(table.familyId),
    index('refresh_tokens_user').on(table.userId),
  ],
);

/** Failed sign-ins per account and per address, for throttling (kept in the database so every
 * replica sees the same count). */
export const signInFailures = pgTable('sign_in_failures', {
  /** 'email:<address>' or 'ip:<address>' */
  subject: text().primaryKey(),
  failures: integer().notNull().default(0),
  firstFailureAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp({ withTimezone: true }),
});
