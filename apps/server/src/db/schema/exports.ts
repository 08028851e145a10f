// Data exports (DESIGN §4.4 "Export", docs/export.md): what was asked for, built as a job (jobs/)
// by whichever replica claims it, and the file it made, kept in the database in chunks so every
// replica can serve it, removed with its export after 30 days.

import { AREA_TYPES, LANGUAGES } from '@portal/contracts/domain';
import {
  EXPORT_FIELDS,
  EXPORT_RESOLUTIONS,
  EXPORT_STATUSES,
  EXPORT_STYLES,
} from '@portal/contracts/exports';
import { STATISTICS_TYPES } from '@portal/contracts/statistics';
import {
  bigint,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { bytea } from './columns';
import { properties } from './properties';

export const dataExports = pgTable(
  'data_exports',
  {
    /** Random (gen_random_uuid): the id in the download link cannot be guessed. */
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid().notNull(),
    propertyId: uuid().notNull(),
    /** The areas chosen; empty: every area of the property. */
    areas: uuid().array().notNull(),
    /** Only areas of these types; empty: any. */
    areaTypes: text({ enum: AREA_TYPES }).array().notNull(),
    from: date({ mode: 'string' }).notNull(),
    to: date({ mode: 'string' }).notNull(),
    types: text({ enum: STATISTICS_TYPES }).array().notNull(),
    style: text({ enum: EXPORT_STYLES }).notNull(),
    resolution: text({ enum: EXPORT_RESOLUTIONS }).notNull(),
    fields: text({ enum: EXPORT_FIELDS }).array().notNull(),
    language: text({ enum: LANGUAGES }).notNull(),
    /** Who asked for it; null once their account is gone. */
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    status: text({ enum: EXPORT_STATUSES }).notNull().default('pending'),
    progress: doublePrecision().notNull().default(0),
    attempts: integer().notNull().default(0),
    lastError: text(),
    /** When a build last claimed the row; a 'running' row claimed long ago is pending again. */
    claimedAt: timestamp({ withTimezone: true }),
    /** The build whose chunks are the file: a build that lost its claim leaves no file behind. */
    fileRunId: uuid(),
    fileName: text(),
    size: bigint({ mode: 'number' }),
    rows: bigint({ mode: 'number' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    foreignKey({
      columns: [table.propertyId, table.organizationId],
      foreignColumns: [properties.id, properties.organizationId],
      name: 'data_exports_property_fk',
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    // The history, newest first; the claim's oldest pending first; the 30 days' removal.
    index('data_exports_property_created').on(table.propertyId, table.createdAt),
    index('data_exports_status').on(table.status, table.createdAt),
  ],
);

/** A file in pieces of about a megabyte, written as it is built and read in order to download. */
export const dataExportChunks = pgTable(
  'data_export_chunks',
  {
    exportId: uuid()
      .notNull()
      .references(() => dataExports.id, { onDelete: 'cascade' }),
    /** The build that wrote it (data_exports.file_run_id once that build finished). */
    runId: uuid().notNull(),
    seq: integer().notNull(),
    bytes: bytea().notNull(),
  },
  (table) => [primaryKey({ columns: [table.exportId, table.runId, table.seq] })],
);
