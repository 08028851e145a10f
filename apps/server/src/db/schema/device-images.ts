// Installation photos of devices (DESIGN §4.2, §5 "Images"): kept in the database, so replicas
// on one PostgreSQL share them, as the server re-encoded them — never the bytes a user uploaded.
import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { bytea } from './columns';
import { devices } from './devices';

export const deviceImages = pgTable(
  'device_images',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid().notNull(),
    deviceId: uuid().notNull(),
    /** What the server made of the upload: its content type, size in pixels and bytes. */
    contentType: text().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    byteSize: integer().notNull(),
    data: bytea().notNull(),
    thumbnailContentType: text().notNull(),
    thumbnail: bytea().notNull(),
    /** The uploaded file's name, cleaned, for Content-Disposition. */
    fileName: text().notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      columns: [table.deviceId, table.organizationId],
      foreignColumns: [devices.id, devices.organizationId],
      name: 'device_images_device_fk',
    })
      .onDelete('cascade')
      // A property moved to another organization takes its devices' images along.
      .onUpdate('cascade'),
    // A device's gallery, newest first, is one range of this index.
    index('device_images_device_time').on(table.deviceId, sql`${table.createdAt} desc`),
  ],
);
