// Importing devices against a loopback API: the file sent as a form, the preview's lines and
// problems in both languages, adding only a file without problems, 'N devices added' on the
// area's devices, gateways' keys shown once before that, lines refused after the preview, a file
// too large refused before sending, failures, and the permission message for users.
import { IMPORT_BODY_LIMIT, type ImportPreview } from '@portal/contracts/devices';
import type { Language } from '@portal/contracts/domain';
import type { User } from '@portal/contracts/users';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import AreaDevicesScreen from '../../features/devices/screens/area-devices-screen';
import { PROPERTY } from '../../test/areas';
import {
  answerImports,
  importedAnswer,
  importInvalid,
  madeOf,
  previewAnswer,
} from '../../test/device-import-api';
import { actLikeTheDeviceApi, GATEWAY_KEY, gateway, TECHNICAL_ROOM } from '../../test/devices';
import { erik, karin } from '../../test/people';
import { renderComponent } from '../../test/render';
import { failure, serveTestApi } from '../../test/serve-test-api';
import { signedInStore } from '../../test/store';
import AreaDevicesImport from './area-devices-import';

const api = serveTestApi();
// Testing Library reads a no-break space (1 000 in Swedish) as a plain one.

const importPath = paths.areaDevicesImport.href(PROPERTY.id, 'misc', TECHNICAL_ROOM.id);
const imports = () => api.requests.filter((request) => request.url?.includes('/devices/import'));

const CSV =
  'deviceType;idNumber;name;role\ngw;AA:BB:CC:00:00:09;Gateway;\nel;KAM12345678;Lgh 1001;household\n';
const LINES: ImportPreview['devices'] = [
  { line: 2, deviceType: 'gw', idNumber: 'AA:BB:CC:00:00:09', name: 'Gateway', role: null },
  { line: 3, deviceType: 'el', idNumber: 'KAM12345678', name: 'Lgh 1001', role: 'household' },
];
const METERS: ImportPreview['devices'] = [
  { line: 2, deviceType: 'cw', idNumber: '12345678', name: 'Kallvatten', role: null },
  { line: 3, deviceType: 'hw', idNumber: '12345679', name: 'Varmvatten', role: null },
];

async function renderImport({
  user = karin,
  language = 'sv',
}: {
  user?: User;
  language?: Language;
} = {}) {
  const rendered = renderComponent(
    <Routes>
      <Route path={paths.areaDevicesImport.path} element={<AreaDevicesImport />} />
      <Route path={paths.areaDevices.path} element={<AreaDevicesScreen />} />
    </Routes>,
    { route: importPath, store: signedInStore(user), language },
  );
  await screen.findByText('Undercentral');
  return rendered;
}

type UserEvents = Awaited<ReturnType<typeof renderImport>>['user'];

const fileInput = () =>
  document.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
const csvFile = (content = CSV, name = 'enheter.csv') =>
  new File([content], name, { type: 'text/csv' });

async function checkFile(user: UserEvents, file = csvFile(), check = 'Granska filen') {
  await user.upload(fileInput(), file);
  await user.click(screen.getByRole('button', { name: check }));
}

describe('a site manager importing devices (Swedish)', () => {
  it('names the area, explains the file with an example to download, and offers a file input', async () => {
    actLikeTheDeviceApi(api, { devices: [gateway()] });
    await renderImport();
    expect(screen.getByRole('heading', { level: 1, name: 'Importera enheter' })).toBeVisible();
    expect(screen.getByText(/Högst 1 000 rader\./)).toBeVisible();
    expect(screen.getByText(/^deviceType;idNumber;name;role/)).toBeVisible();
    const download = screen.getByRole('link', { name: 'Ladda ner exemplet som CSV-fil' });
    expect(download).toHaveAttribute('download', 'enheter.csv');
    expect(download.getAttribute('href')).toMatch(
      /^data:text\/csv;charset=utf-8,%EF%BB%BFdeviceType/,
    );
    expect(fileInput()).toHaveAttribute('accept', '.csv,text/csv,text/plain');
  });

  it('sends the file as a form, shows the lines to be made and marks every problem; nothing can be added', async () => {
    actLikeTheDeviceApi(api, {
      override: answerImports({
        preview: previewAnswer(LINES, [
          { line: 4, field: 'idNumber', code: 'id-mismatch' },
          { line: 5, field: 'deviceType', code: 'type-unknown' },
          { line: 6, field: 'name', code: 'name-too-long' },
        ]),
      }),
    });
    const { user } = await renderImport();
    await checkFile(user);

    const devices = await screen.findByRole('table', { name: 'Läggs till' });
    expect(screen.getByText('2 enheter läggs till.')).toBeVisible();
    const rows = within(devices)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'RadTypIDNamnAnvändning',
      '2GatewayAA:BB:CC:00:00:09Gateway',
      '3ElmätareKAM12345678Lgh 1001Hushållsel',
    ]);
    const problems = screen.getByRole('table', {
      name: '3 problem: inget läggs till förrän filen är rättad.',
    });
    const problemRows = within(problems).getAllByRole('row').slice(1);
    expect(problemRows.map((row) => row.textContent)).toEqual([
      '4IDFelID:t passar inte typen. Lägg till en sådan enhet för sig, där den kan bekräftas.',
      '5TypFelOkänd typ: använd heat, el, hw, cw, gw, door eller keypad.',
      '6NamnFelNamnet är för långt (högst 200 tecken).',
    ]);
    expect(screen.getByRole('button', { name: 'Lägg till 2 enheter' })).toBeDisabled();

    expect(imports()).toHaveLength(1);
    const sent = imports()[0];
    expect(sent?.url).toBe(`/areas/${TECHNICAL_ROOM.id}/devices/import?preview=true`);
    expect(sent?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent?.body).toContain('name="file"; filename="enheter.csv"');
    expect(sent?.body).toContain(CSV);
  });

  it('shows a problem of the whole file as an alert', async () => {
    actLikeTheDeviceApi(api, {
      override: answerImports({
        preview: previewAnswer([], [{ line: 1002, field: 'file', code: 'too-many-lines' }]),
      }),
    });
    const { user } = await renderImport();
    await checkFile(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Filen kan inte importeras');
    expect(alert).toHaveTextContent('Filen har fler än 1 000 enheter.');
    expect(screen.getByText('Filen har inga rader som kan läggas till.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Lägg till 0 enheter' })).toBeDisabled();
  });

  it("adds every line, then shows the area's devices with 'N enheter har lagts till'", async () => {
    actLikeTheDeviceApi(api, {
      devices: [gateway()],
      override: answerImports({
        preview: previewAnswer(METERS),
        made: importedAnswer(madeOf(METERS)),
      }),
    });
    const { user } = await renderImport();
    await checkFile(user);
    await user.click(await screen.findByRole('button', { name: 'Lägg till 2 enheter' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Enheter i Undercentral' }),
    ).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('2 enheter har lagts till');
    const made = imports()[1];
    expect(made?.url).toBe(`/areas/${TECHNICAL_ROOM.id}/devices/import`);
    expect(made?.body).toContain(CSV);
  });

  it("shows the new gateways' keys once, with the warning, before going on", async () => {
    actLikeTheDeviceApi(api, {
      override: answerImports({
        preview: previewAnswer(LINES),
        made: importedAnswer(madeOf(LINES)),
      }),
    });
    const { user } = await renderImport();
    await checkFile(user);
    await user.click(await screen.findByRole('button', { name: 'Lägg till 2 enheter' }));

    expect(
      await screen.findByRole('heading', { name: 'De nya gatewayernas nycklar' }),
    ).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(/Den visas inte igen/);
    expect(screen.getByRole('textbox', { name: /^Nyckel för mätvärden/ })).toHaveValue(GATEWAY_KEY);
    expect(screen.getByRole('button', { name: 'Kopiera nyckeln' })).toBeVisible();
    expect(screen.queryByRole('heading', { level: 1, name: 'Enheter i Undercentral' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Jag har sparat nycklarna' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Enheter i Undercentral' }),
    ).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('2 enheter har lagts till');
    expect(screen.queryByDisplayValue(GATEWAY_KEY)).toBeNull();
  });

  it('shows the lines the API refused after the preview (422), and nothing is added', async () => {
    actLikeTheDeviceApi(api, {
      devices: [gateway()],
      override: answerImports({
        preview: previewAnswer(METERS),
        made: importInvalid([{ line: 3, field: 'idNumber', code: 'id-taken' }]),
      }),
    });
    const { user } = await renderImport();
    await checkFile(user);
    await user.click(await screen.findByRole('button', { name: 'Lägg till 2 enheter' }));

    const problems = await screen.findByRole('table', {
      name: '1 problem: inget läggs till förrän filen är rättad.',
    });
    expect(within(problems).getAllByRole('row')[1]).toHaveTextContent(
      '3IDFelDet här ID:t används redan av en enhet i din organisation.',
    );
    expect(screen.getByRole('button', { name: 'Lägg till 1 enhet' })).toBeDisabled();
    expect(screen.queryByRole('heading', { level: 1, name: 'Enheter i Undercentral' })).toBeNull();
  });

  it('refuses a file over 1 MB before sending it', async () => {
    actLikeTheDeviceApi(api);
    const { user } = await renderImport();
    await checkFile(user, csvFile('x'.repeat(IMPORT_BODY_LIMIT + 1)));
    expect(screen.getByText('Filen är för stor: högst 1 MB.')).toBeVisible();
    expect(imports()).toHaveLength(0);
  });

  it('asks for a file before checking, sending nothing', async () => {
    actLikeTheDeviceApi(api);
    const { user } = await renderImport();
    await user.click(screen.getByRole('button', { name: 'Granska filen' }));
    expect(screen.getByText('Välj en CSV-fil först.')).toBeVisible();
    expect(imports()).toHaveLength(0);
  });

  it.each([
    [413, 'Filen är för stor: högst 1 MB.'],
    [500, 'Något gick fel på servern. Försök igen om en stund.'],
  ])('says why the file could not be checked (%i)', async (status, reason) => {
    actLikeTheDeviceApi(api, {
      override: answerImports({ preview: failure(status, 'Refused.') }),
    });
    const { user } = await renderImport();
    await checkFile(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Filen kunde inte granskas.');
    expect(alert).toHaveTextContent(reason);
  });

  it('says the devices could not be added when the connection fails', async () => {
    actLikeTheDeviceApi(api, {
      devices: [gateway()],
      override: answerImports({ preview: previewAnswer(METERS), made: failure(503, 'Down.') }),
    });
    const { user } = await renderImport();
    await checkFile(user);
    await user.click(await screen.findByRole('button', { name: 'Lägg till 2 enheter' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Enheterna kunde inte läggas till.');
  });
});

describe('importing devices in English', () => {
  it('shows the lines and problems in English', async () => {
    actLikeTheDeviceApi(api, {
      override: answerImports({
        preview: previewAnswer(LINES, [{ line: 4, field: 'role', code: 'role-not-for-type' }]),
      }),
    });
    const { user } = await renderImport({ language: 'en' });
    expect(screen.getByRole('heading', { level: 1, name: 'Import devices' })).toBeVisible();
    await checkFile(user, csvFile(), 'Check the file');
    const devices = await screen.findByRole('table', { name: 'To be added' });
    expect(within(devices).getAllByRole('row')[2]).toHaveTextContent(
      '3Electricity meterKAM12345678Lgh 1001Household electricity',
    );
    const problems = screen.getByRole('table', {
      name: '1 problem: nothing will be added until the file is fixed.',
    });
    expect(within(problems).getAllByRole('row')[1]).toHaveTextContent(
      '4UseErrorOnly an electricity meter has a use.',
    );
    expect(screen.getByRole('button', { name: 'Add 2 devices' })).toBeDisabled();
  });
});

describe('a user who is not a site manager', () => {
  it('sees the permission message instead of the form', async () => {
    actLikeTheDeviceApi(api);
    await renderImport({ user: erik });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Du har inte behörighet att lägga till en enhet',
    );
    expect(fileInput()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Granska filen' })).toBeNull();
  });
});

describe('an unknown area', () => {
  it('is not found', async () => {
    actLikeTheDeviceApi(api, { areas: [] });
    renderComponent(
      <Routes>
        <Route path={paths.areaDevicesImport.path} element={<AreaDevicesImport />} />
      </Routes>,
      { route: importPath, store: signedInStore(karin) },
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Utrymmet finns inte' }),
    ).toBeVisible();
  });
});
