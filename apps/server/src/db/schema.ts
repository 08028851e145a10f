// The database schema, as code; `npm run db:generate` turns changes into SQL migrations in drizzle/.

import { AREA_TYPES, HEATING_CARRIERS, PROPERTY_TYPES } from '@portal/contracts/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

/** A housing cooperative or property company; every other record hangs under one (SPEC §3). */
export const organizations = pgTable('organizations', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  address: text().notNull().default(''),
  ...timestamps,
});

/** A building or estate of one organization, with what its energy figures need (SPEC §3, DESIGN §5). */
export const properties = pgTable(
  'properties',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    address: text().notNull().default(''),
    propertyType: text({ enum: PROPERTY_TYPES }).notNull(),
    /** Atemp, m² */
    heatedArea: doublePrecision(),
    buildYear: integer(),
    timeZone: text().notNull().default('Europe/Stockholm'),
    heatingCarrier: text({ enum: HEATING_CARRIERS }).notNull().default('district-heating'),
    /** Fgeo of BBR 9:2 */
    geoFactor: doublePrecision().notNull().default(1),
    ...timestamps,
  },
  (table) => [
    index('properties_organization').on(table.organizationId),
    // Lets areas (and later devices) reference the pair, so a child can never sit in one
    // organization while its property belongs to another.
    uniqueIndex('properties_id_organization').on(table.id, table.organizationId),
  ],
);

/** An apartment or shared room inside a property (SPEC §3 "Area"). */
export const areas = pgTable(
  'areas',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid().notNull(),
    propertyId: uuid().notNull(),
    name: text().notNull().default(''),
    areaType: text({ enum: AREA_TYPES }).notNull(),
    /** Unique within the property (DESIGN §5); several areas may have none. */
    number: integer(),
    /** m² */
    floorArea: doublePrecision(),
    ...timestamps,
  },
  (table) => [
    foreignKey({
      columns: [table.propertyId, table.organizationId],
      foreignColumns: [properties.id, properties.organizationId],
      name: 'areas_property_organization_fk',
    })
      .onDelete('cascade')
      // Moving a property to another organization takes its areas along.
      .onUpdate('cascade'),
    uniqueIndex('areas_property_number_unique').on(table.propertyId, table.number),
    index('areas_property_type').on(table.propertyId, table.areaType),
    index('areas_organization').on(table.organizationId),
  ],
);

/** A person who can sign in, or has been invited to (SPEC §3 "User"). */
export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** As typed; uniqueness ignores case (index below). */
    email: text().notNull(),
    name: text().notNull().default(''),
    phone: text().notNull().default(''),
    role: text({ enum: ['site-manager', 'user'] })
      .notNull()
      .default('user'),
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

/** Which organizations a user belongs to; everything a user may see follows from these rows. */
export const organizationMemberships = pgTable(
  'organization_memberships',
  {
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.userId] }),
    index('organization_memberships_user').on(table.userId),
  ],
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

/** Every e-mail the portal sends, sent or waiting; without SMTP_URL it stays here (and in the log). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    recipient: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    // 'sending': claimed by a delivery that is handing it to the SMTP server right now.
    status: text({ enum: ['pending', 'sending', 'sent', 'failed', 'kept'] })
      .notNull()
      .default('pending'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When a delivery last claimed the row; a 'sending' row claimed long ago is pending again. */
    claimedAt: timestamp({ withTimezone: true }),
    sentAt: timestamp({ withTimezone: true }),
  },
  (table) => [index('mail_outbox_status').on(table.status, table.createdAt)],
);
