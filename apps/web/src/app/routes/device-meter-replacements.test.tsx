// A meter's replacements on its screen as the route composes it, against a loopback API acting like
// the device and replacement calls: the list newest first (time on the property's clock, readings
// in kWh or m³ the language's way, who recorded it) for both roles; a site manager records one
// (now and the display unit proposed, checked before it is sent: both readings, none negative, not
// in the future), sees the API's refusals at their field or in an alert, and deletes one after a
// confirmation; a user reads only; a gateway has no such section. Both languages.
import type { Device } from '@portal/contracts/devices';
import type { Language } from '@portal/contracts/domain';
import type { User } from '@portal/contracts/users';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { wallClockInput } from '../../features/meter-replacements/model/wall-clock';
import { actLikeTheDeviceRouteApi } from '../../test/device-route-api';
import { aDevice, gateway } from '../../test/devices';
import { actLikeTheMeterReplacementApi, aMeterReplacement } from '../../test/meter-replacements';
import { erik, karin } from '../../test/people';
import { renderComponent } from '../../test/render';
import { ROOM } from '../../test/render-device-route';
import { failure, serveTestApi } from '../../test/serve-test-api';
import { signedInStore } from '../../test/store';
import type { ReceivedRequest, Reply } from '../../test/test-api';
import DeviceRoute from './device';

const api = serveTestApi();

const STOCKHOLM = 'Europe/Stockholm';
const heat = aDevice({ deviceType: 'heat', idNumber: 'KAM70112233', name: 'Fjärrvärme' });
const water = aDevice({ deviceType: 'cw', idNumber: 'AXI91234567', name: 'Kallvatten' });
const addressOf = (device: Device) => `${ROOM}/devices/${device.deviceType}/${device.id}`;

/** Recorded in August (summer time) by Karin, and in November by an account since removed. */
const august = aMeterReplacement({
  deviceId: heat.id,
  at: '2026-08-12T12:30:00.000Z',
  oldFinal: 18_234_561,
  newFirst: 512,
});
const november = aMeterReplacement({
  deviceId: heat.id,
  at: '2025-11-02T09:00:00.000Z',
  oldFinal: 9_000_000,
  newFirst: 0,
  userEmail: '',
});

/** The route's API with these replacements; `first` answers before the fakes where it replies. */
function serve(
  replacements = [august, november],
  first?: (request: ReceivedRequest) => Reply | undefined,
) {
  const devices = [gateway(), heat, water];
  const fake = actLikeTheMeterReplacementApi(devices, replacements);
  actLikeTheDeviceRouteApi(api, {
    devices,
    override: (request) => first?.(request) ?? fake.override(request),
  });
  return fake;
}

function renderAt(
  device: Device,
  { user = karin, language = 'sv' }: { user?: User; language?: Language } = {},
) {
  return renderComponent(
    <Routes>
      <Route path={paths.device.path} element={<DeviceRoute />} />
    </Routes>,
    { route: addressOf(device), store: signedInStore(user), language },
  );
}

const section = async (name = 'Mätarbyten') =>
  (await screen.findByRole('heading', { level: 2, name })).closest('section') as HTMLElement;

const itemTexts = async (within_: HTMLElement) => {
  await within(within_).findAllByRole('listitem');
  return within(within_)
    .getAllByRole('listitem')
    .map((item) => item.textContent?.replace(/\s+/g, ' '));
};

const posts = () =>
  api.requests.filter(
    (request) => request.method === 'POST' && request.url?.endsWith('/meter-replacements'),
  );

/** Opens the form and fills what is given (the time as the date-and-time field holds it). */
async function fillForm(
  user: ReturnType<typeof renderAt>['user'],
  place: HTMLElement,
  values: { at?: string; oldFinal?: string; newFirst?: string },
  words = { record: 'Registrera ett mätarbyte', at: 'Datum och tid för bytet' },
) {
  await user.click(within(place).getByRole('button', { name: words.record }));
  const form = within(place).getByRole('form', { name: words.record });
  if (values.at !== undefined)
    fireEvent.change(within(form).getByLabelText(words.at), { target: { value: values.at } });
  const [oldFinal, newFirst] = within(form).getAllByRole('textbox');
  if (values.oldFinal) await user.type(oldFinal as HTMLElement, values.oldFinal);
  if (values.newFirst) await user.type(newFirst as HTMLElement, values.newFirst);
  return form;
}

describe("a meter's replacements", () => {
  it('lists them newest first on the property’s clock, in kWh written the Swedish way', async () => {
    serve();
    renderAt(heat);
    const place = await section();
    expect(within(place).getByText(/utan någon topp/)).toBeVisible();
    expect(await itemTexts(place)).toEqual([
      '12 aug. 2026 14:30' +
        'Gamla mätarens sista avläsning: 18 234,561 kWh' +
        'Nya mätarens första avläsning: 0,512 kWh' +
        `Registrerat av ${karin.email}` +
        'Ta bort',
      '2 nov. 2025 10:00' +
        'Gamla mätarens sista avläsning: 9 000 kWh' +
        'Nya mätarens första avläsning: 0 kWh' +
        'Registrerat av ett konto som inte längre finns' +
        'Ta bort',
    ]);
  });

  it('shows a water meter’s in m³ in English, and a user sees them without changing any', async () => {
    serve([
      aMeterReplacement({
        deviceId: water.id,
        at: '2026-01-15T07:05:00.000Z',
        oldFinal: 1_412_332,
        newFirst: 3,
        unit: 'l',
      }),
    ]);
    renderAt(water, { user: erik, language: 'en' });
    const place = await section('Meter replacements');
    expect(await itemTexts(place)).toEqual([
      '15 Jan 2026, 08:05' +
        "Old meter's final reading: 1,412.332 m³" +
        "New meter's first reading: 0.003 m³" +
        `Recorded by ${karin.email}`,
    ]);
    expect(within(place).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says when there are none', async () => {
    serve([]);
    renderAt(heat);
    expect(
      await within(await section()).findByText('Inget mätarbyte har registrerats.'),
    ).toBeVisible();
  });

  it('has none on a gateway', async () => {
    const gatewayDevice = gateway();
    actLikeTheDeviceRouteApi(api, { devices: [gatewayDevice] });
    renderAt(gatewayDevice);
    await screen.findByRole('heading', { level: 1, name: 'Gateway' });
    expect(screen.queryByRole('heading', { name: 'Mätarbyten' })).not.toBeInTheDocument();
    expect(api.requests.some((request) => request.url?.includes('meter-replacements'))).toBe(false);
  });

  it('says so when they cannot be fetched, and fetches them again on request', async () => {
    let fail = true;
    serve([august], (request) =>
      fail && request.url?.endsWith('/meter-replacements') ? failure(500, 'Boom') : undefined,
    );
    const { user } = renderAt(heat);
    const place = await section();
    const alert = await within(place).findByRole('alert');
    expect(alert).toHaveTextContent('Mätarbytena kunde inte hämtas.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Försök igen' }));
    expect(await itemTexts(place)).toHaveLength(1);
  });
});

describe('recording a replacement', () => {
  it('proposes now and kWh, sends the time with the property’s offset and lists it', async () => {
    const fake = serve([]);
    const before = wallClockInput(Date.now(), STOCKHOLM);
    const { user } = renderAt(heat);
    const place = await section();
    const form = await fillForm(user, place, {});
    const after = wallClockInput(Date.now(), STOCKHOLM);
    const at = within(form).getByLabelText('Datum och tid för bytet') as HTMLInputElement;
    expect([before, after]).toContain(at.value);
    expect(at).toHaveAttribute('type', 'datetime-local');
    expect(within(form).getByText(/I fastighetens lokala tid \(Europe\/Stockholm\)/)).toBeVisible();
    expect(
      within(form).getByText(/räknas från de två avläsningarna, utan någon topp/),
    ).toBeVisible();
    const unit = within(form).getByLabelText(/^Enhet/) as HTMLSelectElement;
    expect(unit.value).toBe('kWh');
    expect([...unit.options].map((option) => option.text)).toEqual(['kWh', 'MWh', 'Wh', 'GJ']);

    fireEvent.change(at, { target: { value: '2026-08-12T14:30' } });
    const [oldFinal, newFirst] = within(form).getAllByRole('textbox');
    await user.type(oldFinal as HTMLElement, '18 234,561');
    await user.type(newFirst as HTMLElement, '0,5');
    await user.click(within(form).getByRole('button', { name: 'Registrera bytet' }));

    expect(await within(place).findByRole('status')).toHaveTextContent(
      'Mätarbytet har registrerats',
    );
    expect(posts().map((request) => request.body)).toEqual([
      { at: '2026-08-12T14:30:00+02:00', oldFinal: 18234.561, newFirst: 0.5, unit: 'kWh' },
    ]);
    expect(fake.replacements).toHaveLength(1);
    expect(within(place).queryByRole('form')).not.toBeInTheDocument();
    expect(await itemTexts(place)).toEqual([
      expect.stringMatching(/^12 aug\. 2026 14:30Gamla mätarens sista avläsning: 18 234,561 kWh/),
    ]);
  });

  it('proposes m³ on a water meter, in English', async () => {
    serve([]);
    const { user } = renderAt(water, { language: 'en' });
    const place = await section('Meter replacements');
    await user.click(within(place).getByRole('button', { name: 'Record a meter replacement' }));
    const unit = within(place).getByLabelText(/^Unit/) as HTMLSelectElement;
    expect(unit.value).toBe('m3');
    expect([...unit.options].map((option) => option.text)).toEqual(['m³', 'litres']);
  });

  it('refuses missing and negative readings and a time in the future before sending', async () => {
    serve([]);
    const { user } = renderAt(heat);
    const place = await section();
    const form = await fillForm(user, place, { at: '' });
    await user.click(within(form).getByRole('button', { name: 'Registrera bytet' }));
    expect(await within(form).findByText('Ange datum och tid för bytet.')).toBeVisible();
    expect(within(form).getByText('Ange den gamla mätarens sista avläsning.')).toBeVisible();
    expect(within(form).getByText('Ange den nya mätarens första avläsning.')).toBeVisible();
    // The first field to fix has the focus, so it is read out.
    expect(within(form).getByLabelText('Datum och tid för bytet')).toHaveFocus();

    fireEvent.change(within(form).getByLabelText('Datum och tid för bytet'), {
      target: { value: '2099-01-01T10:00' },
    });
    const [oldFinal, newFirst] = within(form).getAllByRole('textbox');
    await user.type(oldFinal as HTMLElement, '-1');
    await user.type(newFirst as HTMLElement, 'tolv');
    await user.click(within(form).getByRole('button', { name: 'Registrera bytet' }));
    expect(
      await within(form).findByText(
        'Tiden kan inte ligga i framtiden: registrera bytet när det är gjort.',
      ),
    ).toBeVisible();
    expect(within(form).getByText('En avläsning kan inte vara negativ.')).toBeVisible();
    expect(within(form).getByText('Skriv ett tal.')).toBeVisible();
    expect(posts()).toEqual([]);

    await user.click(within(form).getByRole('button', { name: 'Avbryt' }));
    expect(within(place).queryByRole('form')).not.toBeInTheDocument();
  });

  it('says at the time field that one is recorded then already', async () => {
    serve();
    const { user } = renderAt(heat);
    const place = await section();
    const form = await fillForm(user, place, {
      at: '2026-08-12T14:30',
      oldFinal: '18234,561',
      newFirst: '0',
    });
    await user.click(within(form).getByRole('button', { name: 'Registrera bytet' }));
    expect(
      await within(form).findByText(
        'Ett byte av den här mätaren är redan registrerat vid den här tiden.',
      ),
    ).toBeVisible();
    expect(within(place).queryByRole('status')).not.toBeInTheDocument();
  });

  it('says a refused role and a server failure in an alert, in English', async () => {
    let answer = failure(403, 'Forbidden', { code: 'FORBIDDEN' });
    serve([], (request) => (request.method === 'POST' ? answer : undefined));
    const { user } = renderAt(heat, { language: 'en' });
    const place = await section('Meter replacements');
    const form = await fillForm(
      user,
      place,
      { at: '2026-08-12T14:30', oldFinal: '12.5', newFirst: '0' },
      { record: 'Record a meter replacement', at: 'Date and time of the exchange' },
    );
    await user.click(within(form).getByRole('button', { name: 'Record replacement' }));
    const refused = await within(form).findByRole('alert');
    expect(refused).toHaveTextContent(
      "You don't have the permissions to change a meter's replacements",
    );
    expect(refused).toHaveTextContent('Only a site manager can add, change or delete devices.');

    answer = failure(500, 'Internal Server Error');
    await user.click(within(form).getByRole('button', { name: 'Record replacement' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert')).toHaveTextContent(
        'Could not record the meter replacementSomething went wrong on the server.',
      ),
    );
  });
});

describe('deleting a replacement', () => {
  it('asks first, then deletes it and says so', async () => {
    const fake = serve();
    const { user } = renderAt(heat);
    const place = await section();
    await itemTexts(place);
    await user.click(
      within(place).getByRole('button', { name: 'Ta bort bytet 12 aug. 2026 14:30' }),
    );
    let question = await screen.findByRole('dialog', { name: 'Ta bort mätarbytet?' });
    expect(question).toHaveTextContent(
      'Bytet 12 aug. 2026 14:30 tas bort, och mätarens förbrukning runt det räknas om',
    );
    await user.click(within(question).getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.replacements).toHaveLength(2);

    await user.click(
      within(place).getByRole('button', { name: 'Ta bort bytet 12 aug. 2026 14:30' }),
    );
    question = await screen.findByRole('dialog', { name: 'Ta bort mätarbytet?' });
    await user.click(within(question).getByRole('button', { name: 'Ta bort' }));
    expect(await within(place).findByRole('status')).toHaveTextContent(
      'Mätarbytet har tagits bort',
    );
    expect(fake.replacements.map((replacement) => replacement.id)).toEqual([november.id]);
    await waitFor(async () => expect(await itemTexts(place)).toHaveLength(1));
  });

  it('keeps one whose delete fails, and says why', async () => {
    serve([august], (request) =>
      request.method === 'DELETE' ? failure(404, 'Meter replacement not found.') : undefined,
    );
    const { user } = renderAt(heat);
    const place = await section();
    await itemTexts(place);
    await user.click(
      within(place).getByRole('button', { name: 'Ta bort bytet 12 aug. 2026 14:30' }),
    );
    const question = await screen.findByRole('dialog', { name: 'Ta bort mätarbytet?' });
    await user.click(within(question).getByRole('button', { name: 'Ta bort' }));
    const alert = await within(place).findByRole('alert');
    expect(alert).toHaveTextContent('Mätarbytet kunde inte tas bort');
    expect(await itemTexts(place)).toHaveLength(1);
  });
});
