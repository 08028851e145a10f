// SQL for devices' images, always scoped to the caller's memberships. Lists and metadata never
// read the bytes; only the one call that serves an image reads its data or its thumbnail.
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { inCallerOrganizations } from '../../access/tenancy';
import type { Queryable } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { deviceImages } from '../../db/schema/device-images';

export type NewImageRow = typeof deviceImages.$inferInsert;

const scoped = (db: Queryable, userId: string, condition: SQL) =>
  and(condition, inCallerOrganizations(db, deviceImages.organizationId, userId));

/** Everything about an image but its bytes, with its uploader's address while they have one. */
const metadata = {
  id: deviceImages.id,
  organizationId: deviceImages.organizationId,
  deviceId: deviceImages.deviceId,
  contentType: deviceImages.contentType,
  width: deviceImages.width,
  height: deviceImages.height,
  byteSize: deviceImages.byteSize,
  fileName: deviceImages.fileName,
  createdAt: deviceImages.createdAt,
  createdBy: deviceImages.createdBy,
  creatorEmail: users.email,
};

export type ImageMetadataRow = NonNullable<Awaited<ReturnType<typeof findImage>>>;

/** A device's images, newest first. */
export async function listDeviceImages(db: Queryable, deviceId: string, userId: string) {
  return db
    .select(metadata)
    .from(deviceImages)
    .leftJoin(users, eq(users.id, deviceImages.createdBy))
    .where(scoped(db, userId, eq(deviceImages.deviceId, deviceId)))
    .orderBy(desc(deviceImages.createdAt), desc(deviceImages.id));
}

export async function countDeviceImages(db: Queryable, deviceId: string) {
  const [row] = await db
    .select({ images: count() })
    .from(deviceImages)
    .where(eq(deviceImages.deviceId, deviceId));
  return row?.images ?? 0;
}

export async function findImage(db: Queryable, imageId: string, userId: string) {
  const [row] = await db
    .select(metadata)
    .from(deviceImages)
    .leftJoin(users, eq(users.id, deviceImages.createdBy))
    .where(scoped(db, userId, eq(deviceImages.id, imageId)));
  return row;
}

/** The bytes of an image or of its thumbnail, with their content type and the file's name. */
export async function findImageBytes(
  db: Queryable,
  imageId: string,
  userId: string,
  size: 'full' | 'thumb',
) {
  const [row] = await db
    .select({
      contentType: size === 'thumb' ? deviceImages.thumbnailContentType : deviceImages.contentType,
      data: size === 'thumb' ? deviceImages.thumbnail : deviceImages.data,
      fileName: deviceImages.fileName,
    })
    .from(deviceImages)
    .where(scoped(db, userId, eq(deviceImages.id, imageId)));
  return row;
}

export async function insertImage(db: Queryable, values: NewImageRow) {
  const [row] = await db.insert(deviceImages).values(values).returning({ id: deviceImages.id });
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function deleteImage(db: Queryable, imageId: string) {
  const [row] = await db
    .delete(deviceImages)
    .where(eq(deviceImages.id, imageId))
    .returning({ id: deviceImages.id });
  return row;
}
