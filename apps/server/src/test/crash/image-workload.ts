// The crash test's site manager photographing the meters (POST /api/devices/{id}/images): every
// upload answered 201 is kept, and every image kept, answered or not, has its full image and its
// thumbnail, both readable.
import { THUMBNAIL_MAX_SIDE } from '@portal/contracts/images';
import { inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { PortalDb } from '../../db/client';
import { deviceImages } from '../../db/schema/device-images';
import { CallLoop, type CrashWorkload, type ServerLife } from './workload';

/** A photo of a meter, as small as one can be: the photo's size is not what this tests. */
const photo = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer();

type KeptImage = { id: string; width: number; height: number };

export class ImageWorkload implements CrashWorkload {
  readonly name = 'image upload';
  readonly #photo: Buffer;
  readonly #deviceIds: string[];
  readonly #acknowledged: string[] = [];
  #sent = 0;
  #kept: KeptImage[] = [];
  #served = 0;

  private constructor(photo: Buffer, deviceIds: string[]) {
    this.#photo = photo;
    this.#deviceIds = deviceIds;
  }

  /** Uploads to the devices in turn (a device keeps at most 50 images). */
  static async create(deviceIds: string[]) {
    return new ImageWorkload(await photo(), deviceIds);
  }

  start(life: ServerLife) {
    return new CallLoop(life, async (acknowledged) => {
      const deviceId = this.#deviceIds[this.#sent % this.#deviceIds.length] as string;
      this.#sent += 1;
      const form = new FormData();
      form.append('file', new Blob([this.#photo], { type: 'image/jpeg' }), 'IMG_0001.jpg');
      const response = await fetch(`${life.url}/api/devices/${deviceId}/images`, {
        method: 'POST',
        headers: life.headers,
        body: form,
      });
      const answer = (await response.json()) as { id: string };
      expect(response.status, JSON.stringify(answer)).toBe(201);
      this.#acknowledged.push(answer.id);
      acknowledged();
      return true;
    });
  }

  async checkStored(db: PortalDb) {
    const rows = await db
      .select({
        id: deviceImages.id,
        width: deviceImages.width,
        height: deviceImages.height,
        byteSize: deviceImages.byteSize,
        dataBytes: sql<number>`octet_length(${deviceImages.data})::int`,
        thumbnailBytes: sql<number>`octet_length(${deviceImages.thumbnail})::int`,
      })
      .from(deviceImages)
      .where(inArray(deviceImages.deviceId, this.#deviceIds));
    const stored = new Set(rows.map((row) => row.id));
    expect(this.#acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    // No image without its bytes or its thumbnail, whether its upload was answered or not.
    const incomplete = rows.filter(
      (row) => row.byteSize <= 0 || row.dataBytes !== row.byteSize || !(row.thumbnailBytes > 0),
    );
    expect(incomplete).toEqual([]);
    this.#kept = rows;
  }

  /** Every image kept is served, and decodes: the full image at its size, and its thumbnail. */
  async finish(life: ServerLife) {
    for (const image of this.#kept) {
      for (const size of ['full', 'thumb'] as const) {
        const response = await fetch(`${life.url}/api/images/${image.id}?size=${size}`, {
          headers: life.headers,
        });
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('image/jpeg');
        const { info } = await sharp(Buffer.from(await response.arrayBuffer()))
          .raw()
          .toBuffer({ resolveWithObject: true });
        if (size === 'full') expect([info.width, info.height]).toEqual([image.width, image.height]);
        else expect(Math.max(info.width, info.height)).toBe(THUMBNAIL_MAX_SIDE);
      }
      this.#served += 1;
    }
  }

  summary() {
    return `${this.#acknowledged.length} images acknowledged of ${this.#sent} sent, ${this.#served} kept and served`;
  }
}
