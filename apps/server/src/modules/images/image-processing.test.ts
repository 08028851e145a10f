// The image work's parts on their own: the format read from the bytes, never the name; one job
// at a time; the kept file name and its Content-Disposition.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cleanFileName, contentDisposition } from './file-name';
import { decodeHeic } from './heic-worker';
import { imageJobsRunning, MAX_INPUT_PIXELS, processUpload, sniffFormat } from './image-processing';

describe('the format of an upload', () => {
  it.each([
    ['JPEG', [0xff, 0xd8, 0xff, 0xe1], 'jpeg'],
    ['PNG', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'png'],
    ['WebP', [...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WEBP')], 'webp'],
    ['HEIC', [0, 0, 0, 24, ...Buffer.from('ftypheic')], 'heic'],
    ['AVIF', [0, 0, 0, 24, ...Buffer.from('ftypavif')], undefined],
    ['SVG', [...Buffer.from('<svg xmlns=')], undefined],
    ['GIF', [...Buffer.from('GIF89a')], undefined],
  ])('reads %s from its bytes', (_name, bytes, format) => {
    expect(sniffFormat(Buffer.from(bytes as number[]))).toBe(format);
  });
});

it('re-encodes one upload at a time', async () => {
  const photo = await sharp({
    create: { width: 1200, height: 900, channels: 3, background: '#456' },
  })
    .jpeg()
    .toBuffer();
  let most = 0;
  const watching = setInterval(() => {
    most = Math.max(most, imageJobsRunning());
  }, 1);
  await Promise.all([processUpload(photo), processUpload(photo), processUpload(photo)]);
  clearInterval(watching);
  expect(most).toBe(1);
});

it('gives up on a HEIC that takes too long to decode, its worker ended', async () => {
  const heic = readFileSync(new URL('../../test/fixtures/meter-with-gps.heic', import.meta.url));
  // The worker cannot even start within a millisecond.
  await expect(decodeHeic(heic, MAX_INPUT_PIXELS, 1)).rejects.toThrow(/within 1 ms/);
  await expect(decodeHeic(heic, MAX_INPUT_PIXELS, 30_000)).resolves.toMatchObject({
    width: 160,
    height: 120,
  });
});

describe('the kept file name', () => {
  it.each([
    ['IMG_0042.HEIC', 'IMG_0042.jpg'],
    ['C:\\Users\\karin\\mätare.png', 'mätare.jpg'],
    ['../../etc/passwd', 'passwd.jpg'],
    ['.hidden.jpeg', 'hidden.jpg'],
    ['a<b>c:d|e?f*g".webp', 'abcdefg.jpg'],
    ['', 'image.jpg'],
    ['...', 'image.jpg'],
    [`${'å'.repeat(300)}.jpg`, `${'å'.repeat(100)}.jpg`],
  ])('keeps %j as %j', (uploaded, kept) => {
    expect(cleanFileName(uploaded, 'jpg')).toBe(kept);
  });

  it('names it in ASCII and exactly in filename* (RFC 6266, RFC 5987)', () => {
    expect(contentDisposition("Källare (öst) 100%'s.jpg")).toBe(
      `inline; filename="Kallare (ost) 100_'s.jpg"; filename*=UTF-8''K%C3%A4llare%20%28%C3%B6st%29%20100%25%27s.jpg`,
    );
  });
});
