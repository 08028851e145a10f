// A device's images against the built portal and a real database, on a phone-sized screen
// (360 × 740) in both languages: a site manager photographs a new meter before adding it (the
// phone's file chooser gets a photo carrying a GPS position), the meter is saved and the photo
// uploaded to it, the gallery on the meter's page shows it as the server re-encoded it, the full
// view opens, and the photo is deleted after its confirmation. The image screens have no serious
// accessibility problems and fit a phone; what is served carries no EXIF; the built server reads
// HEIC.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import {
  expectNoSeriousAccessibilityProblems,
  expectNoSidewaysOverflow,
} from '../support/accessibility';
import { field } from '../support/fields';
import { expect, test } from '../support/fixtures';
import { callApi, siteManagerWithFlat } from '../support/places';

const PHONE = { width: 360, height: 740 };
/** A 160 × 120 photo of a 'meter' with EXIF naming an iPhone and a GPS position in Lund. */
const PHOTO = {
  name: 'IMG_0042.jpg',
  mimeType: 'image/jpeg',
  buffer: readFileSync(new URL('../fixtures/meter-with-gps.jpg', import.meta.url)),
};

/** The same photo as an iPhone's HEIC (the server tests' fixture). */
const HEIC = readFileSync(
  new URL('../../apps/server/src/test/fixtures/meter-with-gps.heic', import.meta.url),
);

const heading = (page: Page, name: string | RegExp) =>
  page.getByRole('main').getByRole('heading', { level: 1, name });

const WORDS = {
  sv: {
    add: 'Lägg till enhet',
    withPhoto: 'Lägg till med foto',
    chooseFirst: 'Välj en fil eller ta ett foto',
    takePhoto: 'Ta ett foto',
    preview: 'Den valda bilden',
    coldWater: 'Kallvattenmätare',
    meterId: 'M-Bus-adress eller serienummer',
    saved: 'ID:t har sparats',
    uploaded: 'Filen har skickats!',
    images: 'Bilder',
    open: 'Öppna bild 1 av 1',
    viewer: 'Bild 1 av 1',
    fullAlt: /^Installationsbild av/,
    deleteImage: 'Ta bort bilden',
    deleteTitle: 'Ta bort bilden?',
    confirm: 'Ta bort',
    deleted: 'Bilden har tagits bort',
    empty: 'Inga bilder ännu.',
  },
  en: {
    add: 'Add device',
    withPhoto: 'Add with a photo',
    chooseFirst: 'Please choose a file or take a photo',
    takePhoto: 'Take a photo',
    preview: 'The chosen image',
    coldWater: 'Cold water meter',
    meterId: 'M-Bus address or serial number',
    saved: 'Successfully saved ID',
    uploaded: 'File submitted!',
    images: 'Images',
    open: 'Open image 1 of 1',
    viewer: 'Image 1 of 1',
    fullAlt: /^Installation image of/,
    deleteImage: 'Delete image',
    deleteTitle: 'Delete image?',
    confirm: 'Delete',
    deleted: 'Image successfully deleted',
    empty: 'No images yet.',
  },
} as const;

/** Whether an image element has loaded and has pixels. */
const hasLoaded = (image: ReturnType<Page['getByRole']>) =>
  image.evaluate((element) => (element as HTMLImageElement).naturalWidth > 0);

for (const [index, language] of (['sv', 'en'] as const).entries()) {
  const words = WORDS[language];
  test(`a site manager photographs a new meter, sees it in the gallery and deletes it, on a phone (${language})`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(PHONE);
    if (language === 'en')
      await page.addInitScript(() => window.localStorage.setItem('language', 'en'));
    const { manager, property, flat } = await siteManagerWithFlat(page, 2001 + index);
    await callApi(page.request, manager, 'POST', `/api/areas/${flat.id}/devices`, {
      deviceType: 'gw',
      idNumber: `AA:BB:CC:DD:EE:${10 + index}`,
    });
    const main = page.getByRole('main');

    // 'Add device' offers the photo first; the phone's camera hands over a photo.
    await page.goto(`/portal/property/${property.id}/area/apt/${flat.id}/devices/new`);
    await main.getByRole('link', { name: words.withPhoto }).click();
    await expect(heading(page, words.add)).toBeVisible();
    await expect(main.getByText(words.chooseFirst)).toBeVisible();
    await expectNoSeriousAccessibilityProblems(page, `the photo first (${language})`);
    const chooser = page.waitForEvent('filechooser');
    await main.getByRole('button', { name: words.takePhoto }).click();
    await (await chooser).setFiles(PHOTO);
    const preview = main.getByRole('img', { name: words.preview });
    await expect(preview).toBeVisible();
    expect(await hasLoaded(preview)).toBe(true);

    // Then the meter, read off the photo; saving it uploads the photo to it.
    await main.getByRole('link', { name: words.coldWater }).click();
    await field(page, words.meterId).fill(`7000${2001 + index}`);
    await expectNoSidewaysOverflow(page, `the new device with its photo at 360 px (${language})`);
    await main.getByRole('button', { name: words.add }).click();
    await expect(main.getByRole('status').filter({ hasText: words.saved })).toBeVisible();
    const gallery = main.getByRole('region', { name: words.images });
    await expect(gallery.getByRole('status').filter({ hasText: words.uploaded })).toBeVisible();
    const thumbnail = gallery.getByRole('button', { name: words.open });
    await expect(thumbnail.getByRole('img')).toBeVisible();
    expect(await hasLoaded(thumbnail.getByRole('img'))).toBe(true);
    await expectNoSeriousAccessibilityProblems(page, `the meter with its image (${language})`);
    await expectNoSidewaysOverflow(page, `the meter with its image at 360 px (${language})`);

    // What the server keeps is the photo re-encoded: no GPS position in it.
    const deviceId = page.url().split('/').pop() as string;
    const [image] = await callApi<{ id: string; width: number }[]>(
      page.request,
      manager,
      'GET',
      `/api/devices/${deviceId}/images`,
    );
    expect(image?.width).toBe(160);
    const bytes = await (
      await page.request.get(`/api/images/${image?.id}`, {
        headers: { Authorization: `Bearer ${manager.accessToken}` },
      })
    ).body();
    expect(bytes.includes(Buffer.from('iPhone'))).toBe(false);
    expect(PHOTO.buffer.includes(Buffer.from('iPhone'))).toBe(true);

    // The full view, then the delete after its confirmation.
    await thumbnail.click();
    const viewer = page.getByRole('dialog', { name: words.viewer });
    const full = viewer.getByRole('img', { name: words.fullAlt });
    await expect(full).toBeVisible();
    expect(await hasLoaded(full)).toBe(true);
    await expectNoSeriousAccessibilityProblems(page, `the full view (${language})`);
    await viewer.getByRole('button', { name: words.deleteImage }).click();
    const question = page.getByRole('dialog', { name: words.deleteTitle });
    await question.getByRole('button', { name: words.confirm }).click();
    await expect(gallery.getByRole('status').filter({ hasText: words.deleted })).toBeVisible();
    await expect(gallery.getByText(words.empty)).toBeVisible();

    // The built server reads an iPhone's HEIC too (its decoder runs in a worker of its own).
    const heic = await page.request.post(`/api/devices/${deviceId}/images`, {
      headers: { Authorization: `Bearer ${manager.accessToken}` },
      multipart: {
        file: { name: 'IMG_4711.HEIC', mimeType: 'image/heic', buffer: HEIC },
      },
    });
    expect(heic.status()).toBe(201);
    expect(await heic.json()).toMatchObject({ width: 160, height: 120, fileName: 'IMG_4711.jpg' });
  });
}
