// Image calls (DESIGN §4.2, §5; docs/images.md) on PGlite and PostgreSQL: who may see, add and
// delete a device's images; uploads re-encoded (upright, no EXIF or GPS, bounded size, a
// thumbnail), HEIC from a phone read; everything that is not such an image refused with nothing
// kept; the bytes served with their own headers, to the organization only.
import { readFileSync } from 'node:fs';
import { MAX_DEVICE_IMAGES } from '@portal/contracts/images';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceImages } from '../../db/schema/device-images';
import { buildTestApp, type TestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import {
  type Caller,
  contentsOf,
  createArea,
  createProperty,
  createTenancyCast,
  DEFAULT_FORBIDDEN,
  expectRefused,
  type GuardedCall,
  ISO_TIME,
  refusals,
  type TenancyCast,
  unknownIdCalls,
} from '../../test/factories';
import { multipartOf } from '../../test/multipart';
import { admitImageUpload, MAX_IMAGE_UPLOADS_ADMITTED } from './image-processing';

/** A HEIC from heif-enc (libheif's x265 encoder), 160 × 120, with EXIF naming an iPhone and a
 * GPS position in Lund: what an iPhone sends, small enough to keep in the repository. */
const HEIC = readFileSync(new URL('../../test/fixtures/meter-with-gps.heic', import.meta.url));

/** Whether EXIF holds a GPS block (the GPS IFD pointer, tag 0x8825, in either byte order). */
const hasGps = (exif: Buffer | undefined) =>
  !!exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));

/** A phone's JPEG: 300 × 100 as stored, to be turned 90° (EXIF orientation 6), with a position. */
const phoneJpeg = () =>
  sharp({ create: { width: 300, height: 100, channels: 3, background: '#336699' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'Phone', Model: 'Camera' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '55/1 42/1 1692/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '13/1 11/1 2760/100',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();

/** A JPEG whose frame header claims 20 000 × 20 000 pixels: a decompression bomb. */
async function jpegBomb() {
  const small = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#000' } })
    .jpeg()
    .toBuffer();
  const frame = small.indexOf(Buffer.from([0xff, 0xc0]));
  const bomb = Buffer.from(small);
  bomb.writeUInt16BE(20_000, frame + 5);
  bomb.writeUInt16BE(20_000, frame + 7);
  return bomb;
}

describe.each(testDrivers)('images on %s', (driver) => {
  let subject: TestApp;
  let cast: TenancyCast;
  let meterId: string;
  /** An image of the meter, uploaded by the site manager. */
  let imageId: string;
  /** A form with a small PNG, for the calls that must be refused before it is read. */
  let pngForm: Awaited<ReturnType<typeof multipartOf>>;

  const db = () => subject.database.db;

  /** A form of one file, as a phone's browser sends it. */
  const formOf = (file: Buffer, fileName = 'IMG_0001.jpg', type = 'image/jpeg') =>
    multipartOf([{ field: 'file', file, filename: fileName, type }]);
  const upload = async (
    deviceId: string,
    file: Buffer,
    fileName?: string,
    type?: string,
    caller: Caller = 'manager',
  ) => {
    const form = await formOf(file, fileName, type);
    return cast.request(
      caller,
      'POST',
      `/api/devices/${deviceId}/images`,
      form.payload,
      form.headers,
    );
  };
  const served = async (id: string, size?: 'thumb', caller: Caller = 'manager') =>
    cast.request(caller, 'GET', `/api/images/${id}${size ? `?size=${size}` : ''}`);

  beforeAll(async () => {
    subject = await buildTestApp(driver);
    cast = await createTenancyCast(subject.app, db());
    const property = await createProperty(db(), cast.organization.id);
    const area = await createArea(db(), property, { areaType: 'misc', name: 'Undercentral' });
    const add = (payload: object) =>
      cast.request('manager', 'POST', `/api/areas/${area.id}/devices`, payload);
    expect((await add({ deviceType: 'gw', idNumber: 'AA:BB:CC:00:00:01' })).statusCode).toBe(201);
    meterId = (await add({ deviceType: 'heat', idNumber: 'KAM10000001' })).json().device.id;
    const uploaded = await upload(meterId, await phoneJpeg());
    expect(uploaded.statusCode).toBe(201);
    imageId = uploaded.json().id;
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    pngForm = await formOf(png, 'small.png', 'image/png');
  });
  afterAll(() => subject.close());

  describe('who may do what (DESIGN §5)', () => {
    const calls: GuardedCall[] = [
      { call: 'GET the list', method: 'GET', url: () => `/api/devices/${meterId}/images` },
      { call: 'GET the image', method: 'GET', url: () => `/api/images/${imageId}` },
      { call: 'GET the thumbnail', method: 'GET', url: () => `/api/images/${imageId}?size=thumb` },
      {
        call: 'POST an image',
        method: 'POST',
        url: () => `/api/devices/${meterId}/images`,
        payload: () => pngForm.payload,
        headers: () => pngForm.headers,
        forbidden: DEFAULT_FORBIDDEN,
      },
      {
        call: 'DELETE the image',
        method: 'DELETE',
        url: () => `/api/images/${imageId}`,
        forbidden: DEFAULT_FORBIDDEN,
      },
    ];
    it.each(refusals(calls))('$call as $caller: $status, and nothing changes', async (refusal) => {
      await expectRefused(cast, db(), [deviceImages], refusal);
    });

    it.each([
      ...unknownIdCalls(['GET'], (id) => `/api/devices/${id}/images`),
      ...unknownIdCalls(['POST'], (id) => `/api/devices/${id}/images`).map((call) => ({
        ...call,
        payload: () => pngForm.payload,
        headers: () => pngForm.headers,
      })),
      ...unknownIdCalls(['GET', 'DELETE'], (id) => `/api/images/${id}`),
    ])('$method $call: 404, and nothing changes', async (refusal) => {
      const response = await expectRefused(cast, db(), [deviceImages], refusal);
      expect(response.json().message).toMatch(/^(Device|Image) not found\.$/);
    });

    it('lets a user of the organization see the images, and no one else', async () => {
      const list = await cast.request('member', 'GET', `/api/devices/${meterId}/images`);
      expect(list.statusCode).toBe(200);
      expect(list.json().map((image: { id: string }) => image.id)).toContain(imageId);
      expect((await served(imageId, undefined, 'member')).statusCode).toBe(200);
      expect((await served(imageId, 'thumb', 'member')).statusCode).toBe(200);
    });

    it("answers 404 for another organization's image found by guessing its URL", async () => {
      const elsewhere = await createProperty(db(), cast.otherOrganization.id);
      const area = await createArea(db(), elsewhere, { areaType: 'misc', name: 'Pannrum' });
      const add = (payload: object) =>
        cast.request('otherManager', 'POST', `/api/areas/${area.id}/devices`, payload);
      await add({ deviceType: 'gw', idNumber: 'AA:BB:CC:00:00:02' });
      const theirMeter = (await add({ deviceType: 'cw', idNumber: '70000002' })).json().device.id;
      const theirs = await upload(
        theirMeter,
        await phoneJpeg(),
        'x.jpg',
        'image/jpeg',
        'otherManager',
      );
      expect(theirs.statusCode).toBe(201);
      for (const caller of ['manager', 'member'] as const) {
        for (const url of [
          `/api/images/${theirs.json().id}`,
          `/api/images/${theirs.json().id}?size=thumb`,
          `/api/devices/${theirMeter}/images`,
        ]) {
          const response = await cast.request(caller, 'GET', url);
          expect(response.statusCode, `${caller} ${url}`).toBe(404);
          expect(response.headers['content-type']).toMatch(/^application\/json/);
        }
        expect(
          (await cast.request(caller, 'DELETE', `/api/images/${theirs.json().id}`)).statusCode,
        ).toBe(404);
      }
      expect((await served(theirs.json().id, undefined, 'otherMember')).statusCode).toBe(200);
    });
  });

  describe('uploads', () => {
    it("keeps a phone's photo upright, without its EXIF and GPS, and describes it", async () => {
      const sent = await phoneJpeg();
      expect(hasGps((await sharp(sent).metadata()).exif)).toBe(true);
      const response = await upload(meterId, sent, 'IMG_0042.JPG');
      expect(response.statusCode).toBe(201);
      const image = response.json();
      expect(image).toEqual({
        id: expect.any(String),
        deviceId: meterId,
        contentType: 'image/jpeg',
        // Turned by its orientation: 300 × 100 as stored is 100 × 300 upright.
        width: 100,
        height: 300,
        byteSize: expect.any(Number),
        fileName: 'IMG_0042.jpg',
        createdAt: expect.stringMatching(ISO_TIME),
        createdBy: { id: cast.manager.id, email: cast.manager.email },
      });

      const full = await served(image.id);
      expect(full.statusCode).toBe(200);
      expect(full.headers).toMatchObject({
        'content-type': 'image/jpeg',
        'content-disposition': `inline; filename="IMG_0042.jpg"; filename*=UTF-8''IMG_0042.jpg`,
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-cache',
        etag: `"${image.id}-full"`,
      });
      expect(full.rawPayload.length).toBe(image.byteSize);
      const kept = await sharp(full.rawPayload).metadata();
      expect(kept).toMatchObject({ format: 'jpeg', width: 100, height: 300 });
      expect(kept.exif).toBeUndefined();
      expect(kept.xmp).toBeUndefined();
      expect(kept.icc).toBeUndefined();
      expect(kept.orientation).toBeUndefined();
      expect(full.rawPayload.includes(Buffer.from('Phone'))).toBe(false);

      const thumb = await served(image.id, 'thumb');
      expect(thumb.headers['content-type']).toBe('image/jpeg');
      const thumbnail = await sharp(thumb.rawPayload).metadata();
      expect(thumbnail).toMatchObject({ format: 'jpeg', width: 100, height: 300 });
      expect(thumbnail.exif).toBeUndefined();
    });

    it("reads an iPhone's HEIC and keeps it as JPEG without its GPS position", async () => {
      const sent = await sharp(HEIC).metadata();
      expect(sent).toMatchObject({ format: 'heif', compression: 'hevc' });
      expect(hasGps(sent.exif)).toBe(true);
      const response = await upload(meterId, HEIC, 'IMG_4711.HEIC', 'image/heic');
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        contentType: 'image/jpeg',
        width: 160,
        height: 120,
        fileName: 'IMG_4711.jpg',
      });
      const kept = await sharp((await served(response.json().id)).rawPayload).metadata();
      expect(kept).toMatchObject({ format: 'jpeg', width: 160, height: 120 });
      expect(kept.exif).toBeUndefined();
      // The pixels are the photo's: the dark box in the middle of the fixture is there.
      const { data } = await sharp((await served(response.json().id)).rawPayload)
        .extract({ left: 80, top: 60, width: 1, height: 1 })
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect(Math.max(...data)).toBeLessThan(60);
    });

    it('shrinks a large photo to 2 560 px on its longest side, and its thumbnail to 320', async () => {
      const large = await sharp({
        create: { width: 3200, height: 1600, channels: 3, background: '#808040' },
      })
        .webp()
        .toBuffer();
      const response = await upload(meterId, large, 'panorama.webp', 'image/webp');
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        width: 2560,
        height: 1280,
        fileName: 'panorama.jpg',
      });
      const thumbnail = await sharp(
        (await served(response.json().id, 'thumb')).rawPayload,
      ).metadata();
      expect(thumbnail).toMatchObject({ width: 320, height: 160 });
    });

    it('takes a PNG with transparency, on white', async () => {
      const png = await sharp({
        create: { width: 20, height: 20, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
      })
        .png()
        .toBuffer();
      const response = await upload(meterId, png, 'plan.png', 'image/png');
      expect(response.statusCode).toBe(201);
      const { data } = await sharp((await served(response.json().id)).rawPayload)
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect(Math.min(...data)).toBeGreaterThan(240);
    });

    it('cleans the file name, and names it exactly in filename*', async () => {
      const response = await upload(
        meterId,
        await phoneJpeg(),
        'C:\\Bilder\\mätare Öst: källare*.jpeg',
      );
      expect(response.json().fileName).toBe('mätare Öst källare.jpg');
      const disposition = (await served(response.json().id)).headers['content-disposition'];
      expect(disposition).toBe(
        `inline; filename="matare Ost kallare.jpg"; filename*=UTF-8''m%C3%A4tare%20%C3%96st%20k%C3%A4llare.jpg`,
      );
    });

    it('lists the newest first', async () => {
      const first = (await upload(meterId, await phoneJpeg(), 'first.jpg')).json().id;
      const second = (await upload(meterId, await phoneJpeg(), 'second.jpg')).json().id;
      const list = (await cast.request('manager', 'GET', `/api/devices/${meterId}/images`)).json();
      const ids = list.map((image: { id: string }) => image.id);
      expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
      expect(list[0]).not.toHaveProperty('data');
    });

    const refused: [string, () => Promise<Buffer> | Buffer, string, string][] = [
      [
        'an SVG',
        () =>
          Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
          ),
        'meter.svg',
        'image/svg+xml',
      ],
      [
        'an SVG that claims to be a JPEG',
        () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>'),
        'meter.jpg',
        'image/jpeg',
      ],
      [
        'a polyglot: a PNG signature in front of a page with a script',
        async () =>
          Buffer.concat([
            (
              await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
                .png()
                .toBuffer()
            ).subarray(0, 8),
            Buffer.from('<html><script>alert(document.cookie)</script></html>'),
          ]),
        'meter.png',
        'image/png',
      ],
      [
        'a file that claims to be a JPEG and is not',
        () =>
          Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('text '.repeat(50))]),
        'meter.jpg',
        'image/jpeg',
      ],
      ['a text file', () => Buffer.from('Mätare 1: 1234 kWh'), 'meter.txt', 'text/plain'],
      [
        'a GIF',
        () =>
          sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
            .gif()
            .toBuffer(),
        'meter.gif',
        'image/gif',
      ],
      ['a decompression bomb (20 000 × 20 000)', jpegBomb, 'bomb.jpg', 'image/jpeg'],
      [
        'a HEIC cut short',
        () => HEIC.subarray(0, Math.floor(HEIC.length / 2)),
        'IMG_0001.HEIC',
        'image/heic',
      ],
      ['an empty file', () => Buffer.alloc(0), 'empty.jpg', 'image/jpeg'],
    ];
    it.each(refused)(
      'refuses %s: 422 IMAGE_UNREADABLE, nothing kept',
      async (_kind, make, name, type) => {
        const before = await contentsOf(db(), deviceImages);
        const response = await upload(meterId, await make(), name, type);
        expect(response.statusCode).toBe(422);
        expect(response.json()).toMatchObject({ code: 'IMAGE_UNREADABLE' });
        expect(await contentsOf(db(), deviceImages)).toEqual(before);
      },
    );

    it('refuses a file over 15 MB with 413, nothing kept', async () => {
      const before = await contentsOf(db(), deviceImages);
      const huge = Buffer.concat([await phoneJpeg(), Buffer.alloc(15 * 1024 * 1024)]);
      const response = await upload(meterId, huge);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
      expect(await contentsOf(db(), deviceImages)).toEqual(before);
    });

    it(`refuses an upload past ${MAX_IMAGE_UPLOADS_ADMITTED} under way with 503 IMAGE_WORK_BUSY and Retry-After, before reading it`, async () => {
      const places = Array.from({ length: MAX_IMAGE_UPLOADS_ADMITTED }, () => admitImageUpload());
      try {
        expect(places.every(Boolean)).toBe(true);
        const before = await contentsOf(db(), deviceImages);
        const response = await upload(meterId, await phoneJpeg());
        expect(response.statusCode).toBe(503);
        expect(response.headers['retry-after']).toMatch(/^\d+$/);
        expect(response.json()).toMatchObject({ code: 'IMAGE_WORK_BUSY' });
        expect(await contentsOf(db(), deviceImages)).toEqual(before);
        // Who may not upload hears that first.
        expect(
          (await upload(meterId, await phoneJpeg(), 'a.jpg', 'image/jpeg', 'member')).statusCode,
        ).toBe(403);
      } finally {
        for (const release of places) release?.();
      }
      // Every upload gives its place back, answered or refused.
      expect((await upload(meterId, Buffer.from('not an image'))).statusCode).toBe(422);
      expect((await upload(meterId, await phoneJpeg())).statusCode).toBe(201);
      const all = Array.from({ length: MAX_IMAGE_UPLOADS_ADMITTED }, () => admitImageUpload());
      expect(all.every(Boolean)).toBe(true);
      for (const release of all) release?.();
    });

    it('refuses a form without a file, and one with two', async () => {
      const empty = await multipartOf([{ field: 'note', value: 'x' }]);
      const none = await cast.request(
        'manager',
        'POST',
        `/api/devices/${meterId}/images`,
        empty.payload,
        empty.headers,
      );
      expect(none.json()).toMatchObject({ statusCode: 400, code: 'FILE_MISSING' });
      const jpeg = await phoneJpeg();
      const two = await multipartOf([
        { field: 'file', file: jpeg, filename: 'a.jpg', type: 'image/jpeg' },
        { field: 'file', file: jpeg, filename: 'b.jpg', type: 'image/jpeg' },
      ]);
      const both = await cast.request(
        'manager',
        'POST',
        `/api/devices/${meterId}/images`,
        two.payload,
        two.headers,
      );
      expect(both.json()).toMatchObject({ statusCode: 400, code: 'TOO_MANY_FILES' });
    });

    it(`keeps at most ${MAX_DEVICE_IMAGES} images a device`, async () => {
      const area = (await cast.request('manager', 'GET', `/api/devices/${meterId}`)).json()
        .areaId as string;
      const device = (
        await cast.request('manager', 'POST', `/api/areas/${area}/devices`, {
          deviceType: 'hw',
          idNumber: '70000099',
        })
      ).json().device;
      const tiny = Buffer.from([0xff, 0xd8, 0xff, 0xd9]);
      await db()
        .insert(deviceImages)
        .values(
          Array.from({ length: MAX_DEVICE_IMAGES }, () => ({
            organizationId: device.organizationId,
            deviceId: device.id,
            contentType: 'image/jpeg',
            width: 1,
            height: 1,
            byteSize: tiny.length,
            data: tiny,
            thumbnailContentType: 'image/jpeg',
            thumbnail: tiny,
            fileName: 'x.jpg',
          })),
        );
      const response = await upload(device.id, await phoneJpeg());
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'DEVICE_IMAGES_FULL',
        details: { limit: MAX_DEVICE_IMAGES },
      });
      // Refused before the file is read: what would not even decode is refused as too many.
      const text = await upload(device.id, Buffer.from('not an image'), 'x.txt', 'text/plain');
      expect(text.statusCode).toBe(409);
      expect(text.json().code).toBe('DEVICE_IMAGES_FULL');
      // A device deleted takes its images along (the foreign key cascades).
      expect(
        (await cast.request('manager', 'DELETE', `/api/devices/${device.id}`)).statusCode,
      ).toBe(204);
      expect(
        await db().select().from(deviceImages).where(eq(deviceImages.deviceId, device.id)),
      ).toEqual([]);
    });
  });

  it('deletes an image for a site manager: gone from the list and the URL', async () => {
    const id = (await upload(meterId, await phoneJpeg(), 'delete-me.jpg')).json().id;
    const response = await cast.request('manager', 'DELETE', `/api/images/${id}`);
    expect(response.statusCode).toBe(204);
    expect((await served(id)).statusCode).toBe(404);
    const list = (await cast.request('member', 'GET', `/api/devices/${meterId}/images`)).json();
    expect(list.map((image: { id: string }) => image.id)).not.toContain(id);
    expect((await cast.request('manager', 'DELETE', `/api/images/${id}`)).statusCode).toBe(404);
  });

  it('lets a browser keep an image only while it may see it: no-cache with an ETag, 304 after the access check', async () => {
    const id = (await upload(meterId, await phoneJpeg(), 'cached.jpg')).json().id;
    const first = await served(id);
    expect(first.headers).toMatchObject({
      'cache-control': 'private, no-cache',
      etag: `"${id}-full"`,
    });
    const thumb = await served(id, 'thumb');
    expect(thumb.headers.etag).toBe(`"${id}-thumb"`);
    const revalidate = (etag: string, caller: Caller = 'member', size = '') =>
      cast.request(caller, 'GET', `/api/images/${id}${size}`, undefined, {
        'if-none-match': etag,
      });
    const notModified = await revalidate(`"${id}-full"`);
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);
    expect(notModified.headers).toMatchObject({
      etag: `"${id}-full"`,
      'cache-control': 'private, no-cache',
    });
    expect((await revalidate(`W/"${id}-thumb", "other"`, 'member', '?size=thumb')).statusCode).toBe(
      304,
    );
    // The thumbnail's tag is not the photo's.
    const other = await revalidate(`"${id}-thumb"`);
    expect(other.statusCode).toBe(200);
    expect(other.rawPayload.length).toBe(first.rawPayload.length);
    // Someone outside the organization learns nothing from the tag.
    expect((await revalidate(`"${id}-full"`, 'otherManager')).statusCode).toBe(404);
    // Once deleted, a browser asking again is told it is gone.
    await cast.request('manager', 'DELETE', `/api/images/${id}`);
    expect((await revalidate(`"${id}-full"`)).statusCode).toBe(404);
  });

  it('documents the calls in the OpenAPI document', async () => {
    const document = (await subject.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/devices/{deviceId}/images', '/api/images/{imageId}']),
    );
  });
});
