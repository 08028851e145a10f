// A device's installation photos (DESIGN §4.2, §5; docs/images.md): everyone in the device's
// organization sees them, its site managers add and delete them. An upload is re-encoded before
// anything is written; what does not decode is refused and nothing is kept.
import { ErrorCode } from '@portal/contracts/errors';
import { type DeviceImage, MAX_DEVICE_IMAGES } from '@portal/contracts/images';
import { DEVICE_NOT_FOUND, IMAGE_NOT_FOUND } from '../../access/not-found';
import { authorize, authorizeIn } from '../../access/policies';
import { roleIn } from '../../access/tenancy';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { AppError, conflict, isForeignKeyViolation, notFound } from '../../errors';
import type { UploadedFile } from '../../http/multipart';
import type { AccessClaims } from '../auth/tokens';
import { findDevice } from '../devices/devices.repository';
import { cleanFileName } from './file-name';
import {
  admitImageUpload,
  IMAGE_WORK_RETRY_AFTER_SECONDS,
  OUTPUT_EXTENSION,
  processUpload,
  UnreadableImage,
} from './image-processing';
import {
  countDeviceImages,
  deleteImage,
  findImage,
  findImageBytes,
  type ImageMetadataRow,
  insertImage,
  listDeviceImages,
} from './images.repository';

export function presentImage(row: ImageMetadataRow): DeviceImage {
  return {
    id: row.id,
    deviceId: row.deviceId,
    contentType: row.contentType,
    width: row.width,
    height: row.height,
    byteSize: row.byteSize,
    fileName: row.fileName,
    createdAt: row.createdAt.toISOString(),
    createdBy:
      row.createdBy && row.creatorEmail ? { id: row.createdBy, email: row.creatorEmail } : null,
  };
}

const imageUnreadable = () =>
  new AppError(
    422,
    ErrorCode.imageUnreadable,
    'The file is not a JPEG, PNG, WebP or HEIC image the portal can read.',
  );

/** 409 DEVICE_IMAGES_FULL for a device with MAX_DEVICE_IMAGES images. */
async function refuseFull(db: Queryable, deviceId: string) {
  if ((await countDeviceImages(db, deviceId)) >= MAX_DEVICE_IMAGES)
    throw conflict(
      `A device keeps at most ${MAX_DEVICE_IMAGES} images.`,
      ErrorCode.deviceImagesFull,
      { limit: MAX_DEVICE_IMAGES },
    );
}

export class ImagesService {
  constructor(private readonly context: AppContext) {}

  private get db() {
    return this.context.database.db;
  }

  async list(caller: AccessClaims, deviceId: string): Promise<DeviceImage[]> {
    if (!(await findDevice(this.db, deviceId, caller.userId))) throw notFound(DEVICE_NOT_FOUND);
    return (await listDeviceImages(this.db, deviceId, caller.userId)).map(presentImage);
  }

  /**
   * Before the upload is read: 404 for a device the caller cannot see, 403 unless they manage its
   * organization, 409 DEVICE_IMAGES_FULL for a device with the most images, and 503
   * IMAGE_WORK_BUSY when MAX_IMAGE_UPLOADS_ADMITTED uploads are under way: a refused upload is not
   * read, let alone decoded. Answers the upload's place, to be given back once it is answered.
   */
  async admitUpload(caller: AccessClaims, deviceId: string): Promise<() => void> {
    const device = await findDevice(this.db, deviceId, caller.userId);
    if (!device) throw notFound(DEVICE_NOT_FOUND);
    authorize(await roleIn(this.db, caller.userId, device.organizationId), 'image.change');
    await refuseFull(this.db, deviceId);
    const release = admitImageUpload();
    if (!release)
      throw new AppError(
        503,
        ErrorCode.imageWorkBusy,
        'Too many images are being uploaded right now. Try again shortly.',
        { retryAfterSeconds: IMAGE_WORK_RETRY_AFTER_SECONDS },
      );
    return release;
  }

  /**
   * Re-encodes the upload (outside any transaction: it takes a while), then keeps it with the
   * device, the caller's role read again with the write and the device held so the image limit
   * holds for two uploads at once. A device deleted meanwhile is 404.
   */
  async upload(caller: AccessClaims, deviceId: string, file: UploadedFile): Promise<DeviceImage> {
    const processed = await processUpload(file.bytes).catch((error: unknown) => {
      throw error instanceof UnreadableImage ? imageUnreadable() : error;
    });
    try {
      const id = await this.db.transaction(async (transaction) => {
        const device = await findDevice(transaction, deviceId, caller.userId, { lock: true });
        if (!device) throw notFound(DEVICE_NOT_FOUND);
        await authorizeIn(
          transaction,
          caller,
          device.organizationId,
          'image.change',
          DEVICE_NOT_FOUND,
        );
        // Again, with the device held: two uploads at once may both have passed the first look.
        await refuseFull(transaction, deviceId);
        return (
          await insertImage(transaction, {
            organizationId: device.organizationId,
            deviceId,
            ...processed,
            byteSize: processed.data.length,
            fileName: cleanFileName(file.fileName, OUTPUT_EXTENSION),
            createdBy: caller.userId,
          })
        ).id;
      });
      const row = await findImage(this.db, id, caller.userId);
      if (!row) throw notFound(IMAGE_NOT_FOUND);
      return presentImage(row);
    } catch (error) {
      if (isForeignKeyViolation(error)) throw notFound(DEVICE_NOT_FOUND);
      throw error;
    }
  }

  /** 404 unless the image is one the caller may see (for an answer that sends no bytes). */
  async maySee(caller: AccessClaims, imageId: string) {
    if (!(await findImage(this.db, imageId, caller.userId))) throw notFound(IMAGE_NOT_FOUND);
  }

  async bytes(caller: AccessClaims, imageId: string, size: 'full' | 'thumb') {
    const row = await findImageBytes(this.db, imageId, caller.userId, size);
    if (!row) throw notFound(IMAGE_NOT_FOUND);
    return row;
  }

  async delete(caller: AccessClaims, imageId: string) {
    const image = await findImage(this.db, imageId, caller.userId);
    if (!image) throw notFound(IMAGE_NOT_FOUND);
    await this.db.transaction(async (transaction) => {
      await authorizeIn(transaction, caller, image.organizationId, 'image.change', IMAGE_NOT_FOUND);
      if (!(await deleteImage(transaction, imageId))) throw notFound(IMAGE_NOT_FOUND);
    });
  }
}
