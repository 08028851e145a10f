// A device's images as their routes compose them: the gallery on the device's screen (thumbnails,
// the full view, delete with confirmation for site managers, read-only for users, SPEC §8's
// connection message), 'Add image' with its preview, 'Please choose a file or take a photo',
// progress and 'File submitted!', a photo too large or not an image refused as it is picked, and
// 'Add device with a photo' — the photo first, then the device, the photo uploaded to it, and the
// way to try again when the upload fails. Both languages, both roles.
import type { Device } from '@portal/contracts/devices';
import type { Language } from '@portal/contracts/domain';
import type { User } from '@portal/contracts/users';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import DeviceImageNewScreen from '../../features/device-images/screens/device-image-new-screen';
import DeviceNewScreen from '../../features/devices/screens/device-new-screen';
import { actLikeTheImageApi, anImage, aPhoto, refusal } from '../../test/device-images';
import { actLikeTheDeviceRouteApi } from '../../test/device-route-api';
import { aDevice, gateway } from '../../test/devices';
import { erik, karin } from '../../test/people';
import { renderComponent } from '../../test/render';
import { CurrentAddress, currentAddress } from '../../test/render-area-route';
import { ROOM } from '../../test/render-device-route';
import { serveTestApi } from '../../test/serve-test-api';
import { signedInStore } from '../../test/store';
import AreaNewDeviceImageRoute from './area-new-device-image';
import DeviceRoute from './device';

const api = serveTestApi();

const addressOf = (device: Device) => `${ROOM}/devices/${device.deviceType}/${device.id}`;

function renderAt(
  route: string,
  { user = karin, language = 'sv' }: { user?: User; language?: Language } = {},
) {
  return renderComponent(
    <>
      <Routes>
        <Route path={paths.device.path} element={<DeviceRoute />} />
        <Route path={paths.deviceNewImage.path} element={<DeviceImageNewScreen />} />
        <Route path={paths.areaNewDeviceImage.path} element={<AreaNewDeviceImageRoute />} />
        <Route path={paths.areaNewDevice.path} element={<DeviceNewScreen />} />
        <Route path="*" element={<h1>Another page</h1>} />
      </Routes>
      <CurrentAddress />
    </>,
    { route, store: signedInStore(user), language },
  );
}

/** The device route's API for these devices and images (a door's PIN code calls answered too). */
function serve(devices: Device[], images: Parameters<typeof actLikeTheImageApi>[0] = {}) {
  const served = actLikeTheDeviceRouteApi(api, { devices, images });
  return { ...served.images, devices: served.devices };
}

const gallery = async (name = 'Bilder') =>
  (await screen.findByRole('heading', { level: 2, name })).closest('section') as HTMLElement;

const cameraInput = () =>
  document.querySelector<HTMLInputElement>('input[type="file"][capture="environment"]');

describe("the device's images", () => {
  const meter = aDevice({ deviceType: 'heat', idNumber: 'KAM10000001', name: 'Värme' });

  it('shows them newest first to a site manager, opens one and deletes it after asking', async () => {
    const newer = anImage(meter, { createdAt: '2026-11-21T10:00:00.000Z' });
    const older = anImage(meter, { createdAt: '2026-11-20T08:30:00.000Z' });
    const served = serve([gateway(), meter], { images: [newer, older] });
    const { user } = renderAt(addressOf(meter));
    const section = await gallery();
    const thumbnails = await within(section).findAllByRole('button', { name: /^Öppna bild/ });
    expect(thumbnails.map((thumbnail) => thumbnail.getAttribute('aria-label'))).toEqual([
      'Öppna bild 1 av 2',
      'Öppna bild 2 av 2',
    ]);
    // Each thumbnail is fetched with the session's token and shown from an object URL.
    const thumbnail = await within(thumbnails[0] as HTMLElement).findByRole('img');
    expect(thumbnail).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    expect(thumbnail).toHaveAccessibleName('Bild 1, tillagd 21 nov. 2026 11:00');
    const thumbRequest = api.requests.find(
      (request) => request.url === `/images/${newer.id}?size=thumb`,
    );
    expect(thumbRequest?.headers.authorization).toMatch(/^Bearer /);
    expect(within(section).getByRole('link', { name: 'Lägg till bild' })).toHaveAttribute(
      'href',
      `${addressOf(meter)}/new/image`,
    );

    await user.click(thumbnails[0] as HTMLElement);
    const viewer = await screen.findByRole('dialog', { name: 'Bild 1 av 2' });
    expect(
      await within(viewer).findByRole('img', { name: 'Installationsbild av Värme' }),
    ).toBeVisible();
    expect(within(viewer).getByText(`Tillagd 21 nov. 2026 11:00 av ${karin.email}`)).toBeVisible();
    expect(within(viewer).getByText('1 920 × 2 560 pixlar')).toBeVisible();
    await user.click(within(viewer).getByRole('button', { name: 'Ta bort bilden' }));
    const question = await screen.findByRole('dialog', { name: 'Ta bort bilden?' });
    await waitFor(() =>
      expect(
        within(question).getByText('Bilden tas bort från Värme. Det går inte att ångra.'),
      ).toBeVisible(),
    );
    await user.click(within(question).getByRole('button', { name: 'Ta bort' }));
    expect(await within(section).findByRole('status')).toHaveTextContent('Bilden har tagits bort');
    expect(served.images.map((image) => image.id)).toEqual([older.id]);
    await waitFor(() =>
      expect(within(section).getAllByRole('button', { name: /^Öppna bild/ })).toHaveLength(1),
    );
  });

  it('keeps an image whose delete fails, and says so, in English', async () => {
    const image = anImage(meter);
    serve([gateway(), meter], { images: [image] });
    const { user } = renderAt(addressOf(meter), { language: 'en' });
    const section = await gallery('Images');
    api.answer((request) =>
      request.method === 'DELETE'
        ? refusal(500, 'Internal Server Error', 'INTERNAL_ERROR')
        : (actLikeTheImageApi({ images: [image] }).respond(request) ?? { status: 404 }),
    );
    await user.click(await within(section).findByRole('button', { name: 'Open image 1 of 1' }));
    await user.click(await screen.findByRole('button', { name: 'Delete image' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete image?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    const alert = await within(section).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to delete image');
    expect(alert).toHaveTextContent('Something went wrong on the server. Try again in a moment.');
    expect(within(section).getByRole('button', { name: 'Open image 1 of 1' })).toBeVisible();
  });

  it('shows them to a user of the organization without adding or deleting', async () => {
    serve([gateway(), meter], { images: [anImage(meter)] });
    const { user } = renderAt(addressOf(meter), { user: erik, language: 'en' });
    const section = await gallery('Images');
    expect(within(section).queryByRole('link', { name: 'Add image' })).not.toBeInTheDocument();
    await user.click(await within(section).findByRole('button', { name: 'Open image 1 of 1' }));
    const viewer = await screen.findByRole('dialog', { name: 'Image 1 of 1' });
    expect(
      await within(viewer).findByRole('img', { name: 'Installation image of Värme' }),
    ).toBeVisible();
    expect(within(viewer).queryByRole('button', { name: 'Delete image' })).not.toBeInTheDocument();
  });

  it('says when there are none', async () => {
    serve([gateway(), meter]);
    renderAt(addressOf(meter));
    expect(await within(await gallery()).findByText('Inga bilder ännu.')).toBeVisible();
  });

  it('asks to check the connection and contact support when they cannot be fetched', async () => {
    serve([gateway(), meter], { failList: true });
    renderAt(addressOf(meter), { language: 'en' });
    const alert = await within(await gallery('Images')).findByRole('alert');
    expect(alert).toHaveTextContent('The images could not be fetched.');
    expect(alert).toHaveTextContent(
      'Check your connection and try again. If it keeps happening, contact support.',
    );
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('says an image that cannot be fetched cannot be shown', async () => {
    serve([gateway(), meter], { images: [anImage(meter)], failBytes: true });
    renderAt(addressOf(meter));
    expect(await within(await gallery()).findByText('Bilden kunde inte visas.')).toBeVisible();
  });
});

describe("'Add image'", () => {
  const meter = aDevice({ deviceType: 'cw', idNumber: '70000001', name: 'Kallvatten' });
  const imageAddress = `${addressOf(meter)}/new/image`;

  it('asks for a file first, then uploads the photo and shows it on the device: File submitted!', async () => {
    const served = serve([gateway(), meter]);
    const { user } = renderAt(imageAddress);
    expect(await screen.findByRole('heading', { level: 1, name: 'Lägg till bild' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Ladda upp' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Välj en fil eller ta ett foto');
    expect(served.uploads).toHaveLength(0);

    expect(cameraInput()).toHaveAttribute('accept', expect.stringContaining('image/*'));
    await user.upload(cameraInput() as HTMLInputElement, aPhoto('IMG_0042.jpg'));
    expect(await screen.findByRole('img', { name: 'Den valda bilden' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
    expect(screen.getByText('Vald: IMG_0042.jpg (0 MB)')).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ladda upp' }));

    const section = await gallery();
    expect(currentAddress()).toBe(addressOf(meter));
    expect(await within(section).findByRole('button', { name: 'Öppna bild 1 av 1' })).toBeVisible();
    expect(within(section).getByRole('status')).toHaveTextContent('Filen har skickats!');
    expect(served.uploads).toHaveLength(1);
    expect(served.uploads[0]?.headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(String(served.uploads[0]?.body)).toContain('name="file"; filename="IMG_0042.jpg"');
  });

  it("says 'Error uploading the file' and why when the server cannot read it, in English", async () => {
    serve([gateway(), meter], {
      refuseUpload: refusal(422, 'Unprocessable Entity', 'IMAGE_UNREADABLE'),
    });
    const { user } = renderAt(imageAddress, { language: 'en' });
    await screen.findByRole('heading', { level: 1, name: 'Add image' });
    await user.upload(
      screen
        .getByRole('button', { name: 'Choose a file' })
        .parentElement?.querySelector('input[type="file"]:not([capture])') as HTMLInputElement,
      aPhoto('meter.jpg'),
    );
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error uploading the file');
    expect(alert).toHaveTextContent(
      'The file is not an image the portal can read. Choose a JPEG, PNG, WebP or HEIC photo.',
    );
    expect(currentAddress()).toBe(imageAddress);
  });

  it('says the portal is busy with other photos when it turns the upload away (503), in Swedish', async () => {
    serve([gateway(), meter], {
      refuseUpload: refusal(503, 'Service Unavailable', 'IMAGE_WORK_BUSY'),
    });
    const { user } = renderAt(imageAddress, { language: 'sv' });
    await screen.findByRole('heading', { level: 1, name: 'Lägg till bild' });
    await user.upload(
      screen
        .getByRole('button', { name: 'Välj en fil' })
        .parentElement?.querySelector('input[type="file"]:not([capture])') as HTMLInputElement,
      aPhoto('meter.jpg'),
    );
    await user.click(screen.getByRole('button', { name: 'Ladda upp' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Portalen bearbetar andra bilder just nu. Försök igen om några sekunder.',
    );
    expect(currentAddress()).toBe(imageAddress);
  });

  it('refuses a file over 15 MB as it is picked, and sends nothing', async () => {
    const served = serve([gateway(), meter]);
    const { user } = renderAt(imageAddress, { language: 'en' });
    await screen.findByRole('heading', { level: 1, name: 'Add image' });
    await user.upload(cameraInput() as HTMLInputElement, aPhoto('huge.jpg', 15 * 1024 * 1024 + 1));
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is larger than 15 MB.');
    expect(screen.queryByRole('img', { name: 'The chosen image' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The file is larger than 15 MB.');
    expect(served.uploads).toHaveLength(0);
  });

  it('tells a user they may not add images', async () => {
    serve([gateway(), meter]);
    renderAt(imageAddress, { user: erik });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Du har inte behörighet att lägga till en bild',
    );
    expect(screen.queryByRole('button', { name: 'Ladda upp' })).not.toBeInTheDocument();
  });

  it('says a device that does not exist is not found', async () => {
    serve([gateway()]);
    renderAt(`${ROOM}/devices/cw/00000000-0000-4000-9000-999999999999/new/image`, {
      language: 'en',
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Device not found' }),
    ).toBeVisible();
  });
});

describe("'Add device with a photo'", () => {
  const address = `${ROOM}/devices/new/image`;

  it('takes the photo first, then the device, and uploads the photo to it', async () => {
    const served = serve([gateway()]);
    const { user } = renderAt(address);
    expect(await screen.findByText('Välj en fil eller ta ett foto')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Kallvattenmätare' })).not.toBeInTheDocument();
    await user.upload(cameraInput() as HTMLInputElement, aPhoto('IMG_0100.jpg'));
    expect(await screen.findByRole('img', { name: 'Den valda bilden' })).toBeVisible();
    // The type's links keep to this route, where the photo is.
    await user.click(await screen.findByRole('link', { name: /Kallvattenmätare/ }));
    expect(currentAddress()).toBe(`${address}?type=cw`);
    expect(screen.getByRole('img', { name: 'Den valda bilden' })).toBeVisible();
    await user.type(
      screen.getByRole('textbox', { name: 'M-Bus-adress eller serienummer' }),
      '70000042',
    );
    await user.click(screen.getByRole('button', { name: 'Lägg till enhet' }));

    const section = await gallery();
    const made = served.devices.find((device) => device.idNumber === '70000042') as Device;
    expect(currentAddress()).toBe(addressOf(made));
    expect(screen.getByText('ID:t har sparats')).toBeVisible();
    expect(await within(section).findByRole('button', { name: 'Öppna bild 1 av 1' })).toBeVisible();
    expect(within(section).getByRole('status')).toHaveTextContent('Filen har skickats!');
    expect(served.uploads).toHaveLength(1);
    expect(served.uploads[0]?.url).toBe(`/devices/${made.id}/images`);
  });

  it('refuses a photo over 15 MB, or a file that is not an image, at the picker before the device', async () => {
    const served = serve([gateway()]);
    const { user } = renderAt(`${address}?type=cw`);
    await screen.findByText('Välj en fil eller ta ett foto');
    await user.upload(cameraInput() as HTMLInputElement, aPhoto('huge.jpg', 15 * 1024 * 1024 + 1));
    expect(await screen.findByRole('alert')).toHaveTextContent('Filen är större än 15 MB.');
    expect(screen.queryByRole('img', { name: 'Den valda bilden' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Lägg till enhet' })).not.toBeInTheDocument();

    // A file the browser says is not an image (as a picker that does not keep to its accept gives).
    await userEvent
      .setup({ applyAccept: false })
      .upload(
        cameraInput() as HTMLInputElement,
        new File(['%PDF-1.7'], 'manual.pdf', { type: 'application/pdf' }),
      );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Filen är ingen bild som portalen kan läsa. Välj ett foto i JPEG, PNG, WebP eller HEIC.',
    );
    expect(screen.queryByRole('button', { name: 'Lägg till enhet' })).not.toBeInTheDocument();

    await user.upload(cameraInput() as HTMLInputElement, aPhoto('IMG_0101.jpg'));
    expect(await screen.findByRole('img', { name: 'Den valda bilden' })).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Lägg till enhet' })).toBeVisible();

    // A refused photo after a good one keeps the good one, and the device's form.
    await user.upload(cameraInput() as HTMLInputElement, aPhoto('huge.jpg', 15 * 1024 * 1024 + 1));
    expect(await screen.findByRole('alert')).toHaveTextContent('Filen är större än 15 MB.');
    expect(screen.getByText('Vald: IMG_0101.jpg (0 MB)')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Lägg till enhet' })).toBeVisible();
    expect(served.devices).toHaveLength(1);
    expect(served.uploads).toHaveLength(0);
  });

  it('keeps the device when its photo fails to upload, and offers to try again, in English', async () => {
    const served = serve([gateway()], {
      refuseUpload: refusal(500, 'Internal Server Error', 'INTERNAL_ERROR'),
    });
    const { user } = renderAt(`${address}?type=cw`, { language: 'en' });
    await user.upload(
      (await waitFor(
        () => cameraInput() ?? Promise.reject(new Error('no input')),
      )) as HTMLInputElement,
      aPhoto(),
    );
    await user.type(
      await screen.findByRole('textbox', { name: 'M-Bus address or serial number' }),
      '70000043',
    );
    await user.click(screen.getByRole('button', { name: 'Add device' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Add image' })).toBeVisible();
    const made = served.devices.find((device) => device.idNumber === '70000043') as Device;
    expect(currentAddress()).toBe(`${addressOf(made)}/new/image`);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Error uploading the file');
    expect(alert).toHaveTextContent('The device was saved, but its image was not. Try again here.');
  });

  it("is offered from 'Add device'", async () => {
    serve([gateway()]);
    renderAt(`${ROOM}/devices/new`);
    expect(await screen.findByRole('link', { name: 'Lägg till med foto' })).toHaveAttribute(
      'href',
      address,
    );
  });

  it('tells a user they may not add devices', async () => {
    serve([gateway()]);
    renderAt(address, { user: erik, language: 'en' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "You don't have the permissions to add a device",
    );
    expect(cameraInput()).toBeNull();
  });
});
