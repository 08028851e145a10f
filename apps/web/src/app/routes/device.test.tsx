// @vitest-environment jsdom
// (jsdom: the PIN field's masking is a -webkit-text-security style, which happy-dom drops.)
// A door's screen with its PIN codes (composed here) against a loopback API acting like the device
// and PIN code calls: the slots with their state on the lock in words and the code never shown,
// in both languages; a site manager adds a code on 'Add PIN code' (the first free slot proposed,
// the number pad, masked, trivial and duplicate codes said at the field), enables, disables,
// changes and deletes with confirmation; a user reads only; a meter has no PIN codes. The door's
// screen as composed: its PIN codes, then its images, each once, and nothing to add for a user.
import type { Device } from '@portal/contracts/devices';
import type { Language } from '@portal/contracts/domain';
import type { User } from '@portal/contracts/users';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import PinCodeNewScreen from '../../features/pin-codes/screens/pin-code-new-screen';
import { anImage } from '../../test/device-images';
import { actLikeTheDeviceRouteApi } from '../../test/device-route-api';
import { aDevice, gateway } from '../../test/devices';
import { erik, karin } from '../../test/people';
import { aPinCode } from '../../test/pin-codes';
import { renderComponent } from '../../test/render';
import { CurrentAddress, currentAddress } from '../../test/render-area-route';
import { ROOM } from '../../test/render-device-route';
import { serveTestApi } from '../../test/serve-test-api';
import { signedInStore } from '../../test/store';
import DeviceRoute from './device';

const api = serveTestApi();

const door = aDevice({ deviceType: 'door', idNumber: 'LOCK-TVATT-1', name: 'Tvättstugan' });
const doorAddress = `${ROOM}/devices/door/${door.id}`;
const newPinAddress = `${doorAddress}/new/pin-code`;

/** The route's API with these slots; the images section's calls answered too (no images). */
function withSlots(slots = defaultSlots(), devices: Device[] = [gateway(), door]) {
  return actLikeTheDeviceRouteApi(api, { devices, pinCodes: slots }).pins;
}

const defaultSlots = () => [
  aPinCode({ deviceId: door.id, slot: 1, label: 'Tvättstugan – lgh 1102' }),
  aPinCode({ deviceId: door.id, slot: 2, status: 'disabled', sync: 'pending', version: 2 }),
  aPinCode({ deviceId: door.id, slot: 4, sync: 'failed' }),
  aPinCode({ deviceId: door.id, slot: 5, clearing: true, sync: 'pending', version: 3 }),
];

function renderDoor(
  route = doorAddress,
  { user = karin, language = 'sv' }: { user?: User; language?: Language } = {},
) {
  return renderComponent(
    <>
      <Routes>
        <Route path={paths.device.path} element={<DeviceRoute />} />
        <Route path={paths.deviceNewPinCode.path} element={<PinCodeNewScreen />} />
      </Routes>
      <CurrentAddress />
    </>,
    { route, store: signedInStore(user), language },
  );
}

/** How the browser masks a field's characters ('disc'), or '' when they show. */
const masking = (field: HTMLElement) => field.style.getPropertyValue('-webkit-text-security');

const slotTexts = async () => {
  const section = await screen.findByRole('region', { name: /PIN/ });
  await within(section).findAllByRole('listitem');
  return within(section)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
};

describe("a door's PIN codes", () => {
  it('lists each slot with its label and state in words, the code as ••••', async () => {
    withSlots();
    renderDoor();
    expect(await slotTexts()).toEqual([
      expect.stringMatching(/^Plats 1••••AktiveradFinns i låsetTvättstugan – lgh 1102/),
      expect.stringMatching(/^Plats 2••••AvaktiveradVäntar på låset/),
      expect.stringMatching(/^Plats 4••••AktiveradMisslyckades i låset/),
      expect.stringMatching(/^Plats 5••••Tas bort från låset$/),
    ]);
    expect(screen.getByText('3 av 30 platser används')).toBeVisible();
  });

  it('reads in English', async () => {
    withSlots();
    renderDoor(doorAddress, { language: 'en' });
    expect(await slotTexts()).toEqual([
      expect.stringMatching(/^Slot 1••••EnabledOn the lock/),
      expect.stringMatching(/^Slot 2••••DisabledWaiting for the lock/),
      expect.stringMatching(/^Slot 4••••EnabledFailed on the lock/),
      expect.stringMatching(/^Slot 5••••Being removed from the lock$/),
    ]);
    expect(screen.getByRole('link', { name: 'Add PIN code' })).toHaveAttribute(
      'href',
      newPinAddress,
    );
  });

  it('shows a user the slots and nothing to change', async () => {
    withSlots();
    renderDoor(doorAddress, { user: erik });
    await slotTexts();
    expect(screen.queryByRole('link', { name: 'Lägg till PIN-kod' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /plats 1/ })).not.toBeInTheDocument();
  });

  it('has none on a meter', async () => {
    const meter = aDevice({ deviceType: 'cw', idNumber: '70000001' });
    withSlots([], [gateway(), meter]);
    renderDoor(`${ROOM}/devices/cw/${meter.id}`);
    await screen.findByRole('heading', { level: 1, name: '70000001' });
    expect(screen.queryByRole('region', { name: /PIN/ })).not.toBeInTheDocument();
    expect(api.requests.some((request) => request.url?.includes('pin-codes'))).toBe(false);
  });
});

describe('deleting a door that holds PIN codes', () => {
  it('says before it is deleted that the lock keeps its codes', async () => {
    withSlots();
    const { user } = renderDoor();
    await slotTexts();
    await user.click(screen.getByRole('button', { name: 'Ta bort enhet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ta bort enheten?' });
    expect(dialog).toHaveTextContent(
      'Låset behåller sina 4 PIN-koder: ta bort dem först och vänta tills de är borttagna ur låset, eller återställ låset.',
    );
  });

  it('says nothing of the kind for a door without codes, in English', async () => {
    withSlots([]);
    const { user } = renderDoor(doorAddress, { language: 'en' });
    await screen.findByText('No PIN codes yet.');
    await user.click(screen.getByRole('button', { name: 'Delete device' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete device?' });
    expect(dialog).not.toHaveTextContent(/lock keeps/);
  });
});

describe("a door's screen, composed", () => {
  const sectionsOf = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

  it('shows a site manager the PIN codes, then the images, each once with its way to add', async () => {
    actLikeTheDeviceRouteApi(api, {
      devices: [gateway(), door],
      pinCodes: defaultSlots(),
      images: { images: [anImage(door)] },
    });
    renderDoor();
    await slotTexts();
    const images = await screen.findByRole('region', { name: 'Bilder' });
    await within(images).findByRole('button', { name: 'Öppna bild 1 av 1' });
    expect(sectionsOf()).toEqual(['PIN-koder', 'Bilder']);
    const pins = screen.getByRole('region', { name: 'PIN-koder' });
    expect(pins.compareDocumentPosition(images) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(pins).getByRole('link', { name: 'Lägg till PIN-kod' })).toBeVisible();
    expect(within(images).getByRole('link', { name: 'Lägg till bild' })).toBeVisible();
    expect(screen.getAllByRole('link', { name: /^Lägg till/ })).toHaveLength(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a user both to read, with nothing to add, change or delete', async () => {
    actLikeTheDeviceRouteApi(api, {
      devices: [gateway(), door],
      pinCodes: defaultSlots(),
      images: { images: [anImage(door)] },
    });
    const { user } = renderDoor(doorAddress, { user: erik, language: 'en' });
    await slotTexts();
    const images = await screen.findByRole('region', { name: 'Images' });
    await within(images).findByRole('button', { name: 'Open image 1 of 1' });
    expect(sectionsOf()).toEqual(['PIN codes', 'Images']);
    expect(screen.queryByRole('link', { name: /^Add/ })).not.toBeInTheDocument();
    // The only buttons are the thumbnails that open an image.
    expect(
      screen.getAllByRole('button').map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Open image 1 of 1']);
    await user.click(within(images).getByRole('button', { name: 'Open image 1 of 1' }));
    const viewer = await screen.findByRole('dialog', { name: 'Image 1 of 1' });
    expect(within(viewer).queryByRole('button', { name: 'Delete image' })).not.toBeInTheDocument();
  });
});

describe('a site manager changing PIN codes', () => {
  it('adds one in the first free slot: number pad, masked, trivial and duplicate codes said at the field', async () => {
    const pins = withSlots();
    const { user, store } = renderDoor();
    await user.click(await screen.findByRole('link', { name: 'Lägg till PIN-kod' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Lägg till PIN-kod' }),
    ).toBeVisible();
    expect(screen.getByRole('textbox', { name: /Plats/ })).toHaveValue('3');
    const code = screen.getByLabelText(/^Kod/);
    // Not a password field, which browsers offer to save as the site's password: masked by CSS.
    expect(code).toHaveAttribute('type', 'text');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'off');
    expect(code).toHaveAttribute('data-1p-ignore');
    expect(code).toHaveAttribute('data-lpignore', 'true');
    expect(masking(code)).toBe('disc');
    const show = screen.getByRole('button', { name: 'Visa koden' });
    expect(show).toHaveAttribute('aria-pressed', 'false');
    await user.click(show);
    expect(masking(code)).toBe('');
    expect(show).toHaveAttribute('aria-pressed', 'true');
    await user.click(show);
    expect(masking(code)).toBe('disc');

    await user.type(code, '1234');
    await user.click(screen.getByRole('button', { name: 'Lägg till PIN-kod' }));
    expect(
      await screen.findByText('Koden är för lätt att gissa: siffror i följd, som 1234 eller 9876.'),
    ).toBeVisible();
    expect(api.requests.filter((request) => request.method === 'POST')).toHaveLength(0);

    pins.codes.set(pins.slots[0]?.id as string, '480213');
    await user.clear(code);
    await user.type(code, '480213');
    await user.click(screen.getByRole('button', { name: 'Lägg till PIN-kod' }));
    expect(await screen.findByText('Plats 1 har redan den här koden.')).toBeVisible();
    // Nothing of the refused call stays in the store while the form is still there: not the
    // code, nor the call itself.
    expect(JSON.stringify(store.getState())).not.toContain('480213');
    expect(store.getState().api.mutations).toEqual({});

    await user.clear(code);
    await user.type(code, '771203');
    await user.type(screen.getByRole('textbox', { name: /Etikett/ }), 'Städfirman');
    await user.click(screen.getByRole('button', { name: 'Lägg till PIN-kod' }));
    expect(
      await screen.findByText('PIN-koden har lagts till på plats 3 och skickas till låset.'),
    ).toBeVisible();
    expect(currentAddress()).toBe(doorAddress);
    expect(await slotTexts()).toContainEqual(
      expect.stringMatching(/^Plats 3••••AktiveradVäntar på låsetStädfirman/),
    );
    const sent = api.requests.findLast((request) => request.method === 'POST');
    expect(sent?.body).toEqual({ slot: 3, code: '771203', status: 'enabled', label: 'Städfirman' });
    // The code is gone from the store once sent (the screen that sent it has gone too).
    expect(JSON.stringify(store.getState())).not.toContain('771203');
  });

  it('adds one in English', async () => {
    withSlots([]);
    const { user } = renderDoor(newPinAddress, { language: 'en' });
    const code = await screen.findByLabelText(/^Code/);
    await user.type(code, '0000');
    await user.click(screen.getByRole('button', { name: 'Add PIN code' }));
    expect(
      await screen.findByText('This code is too easy to guess: the same digit throughout.'),
    ).toBeVisible();
    await user.clear(code);
    await user.type(code, '55102');
    await user.click(screen.getByRole('button', { name: 'Add PIN code' }));
    expect(
      await screen.findByText('The PIN code was added in slot 1 and is on its way to the lock.'),
    ).toBeVisible();
  });

  it('tells a user on the add screen that only site managers may', async () => {
    withSlots();
    renderDoor(newPinAddress, { user: erik });
    expect(await screen.findByText('Du har inte behörighet att ändra PIN-koder')).toBeVisible();
    expect(screen.queryByLabelText(/^Kod/)).not.toBeInTheDocument();
  });

  it('disables, changes and deletes a slot, deleting after its confirmation', async () => {
    const pins = withSlots();
    const { user, store } = renderDoor();
    await slotTexts();
    await user.click(screen.getByRole('button', { name: 'Avaktivera – plats 1' }));
    expect(await screen.findByText('Plats 1 har ändrats och skickas till låset.')).toBeVisible();
    expect(pins.slots[0]).toMatchObject({ status: 'disabled', sync: 'pending' });

    await user.click(screen.getByRole('button', { name: 'Byt kod – plats 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Byt kod på plats 1' });
    const code = within(dialog).getByLabelText(/^Ny kod/);
    expect(code).toHaveAttribute('inputmode', 'numeric');
    await user.type(code, '9999');
    await user.click(within(dialog).getByRole('button', { name: 'Spara' }));
    expect(
      await within(dialog).findByText('Koden är för lätt att gissa: samma siffra hela vägen.'),
    ).toBeVisible();
    await user.clear(code);
    await user.type(code, '602417');
    await user.click(within(dialog).getByRole('button', { name: 'Spara' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(pins.codes.get(pins.slots[0]?.id as string)).toBe('602417');
    expect(JSON.stringify(store.getState())).not.toContain('602417');

    await user.click(screen.getByRole('button', { name: 'Ta bort – plats 1' }));
    const confirm = await screen.findByRole('dialog', { name: 'Ta bort PIN-koden?' });
    expect(confirm).toHaveTextContent('Koden på plats 1 tas bort från låset');
    await user.click(within(confirm).getByRole('button', { name: 'Ta bort' }));
    expect(await screen.findByText('Koden på plats 1 tas bort från låset.')).toBeVisible();
    expect(pins.slots[0]).toMatchObject({ clearing: true, sync: 'pending' });
  });

  it('sends a failed slot again', async () => {
    const pins = withSlots();
    const { user } = renderDoor(doorAddress, { language: 'en' });
    await slotTexts();
    await user.click(screen.getByRole('button', { name: 'Send again – slot 4' }));
    expect(await screen.findByText('Slot 4 is being sent to the lock again.')).toBeVisible();
    expect(pins.slots[2]).toMatchObject({ sync: 'pending' });
    const put = api.requests.find((request) => request.method === 'PUT');
    expect(put?.body).toEqual({});
  });

  it('says why a change failed', async () => {
    actLikeTheDeviceRouteApi(api, {
      devices: [gateway(), door],
      pinCodes: defaultSlots(),
      override: (request) =>
        request.method === 'PUT'
          ? {
              status: 403,
              body: { statusCode: 403, error: 'Forbidden', message: 'No', code: 'FORBIDDEN' },
            }
          : undefined,
    });
    const { user } = renderDoor();
    await slotTexts();
    await user.click(screen.getByRole('button', { name: 'Aktivera – plats 2' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Du har inte behörighet att ändra PIN-koder',
    );
  });
});
