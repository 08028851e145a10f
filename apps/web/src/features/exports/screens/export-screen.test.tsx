// The data export against a loopback API: the form's defaults and choices as the body it sends
// (last month, every type, a row a day, Excel, the area and the meter named; areas of some types;
// areas found by a search), the new export at the top of the history with its progress until it is
// ready, the download fetched with the session's token and saved under the file's name, a failed
// export tried again, the history's texts, the contract's rules and the API's refusals in words —
// in Swedish and English, on a phone (cards) and a wide screen (a table).
import type { Export } from '@portal/contracts/exports';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { anArea, pageOfAreas } from '../../../test/areas';
import { mediaQueries } from '../../../test/media-queries';
import { erik, karin } from '../../../test/people';
import { propertiesApi, solrosen1 } from '../../../test/properties';
import { renderComponent } from '../../../test/render';
import { failure, serveTestApi } from '../../../test/serve-test-api';
import { signedInStore } from '../../../test/store';
import type { ReceivedRequest, Reply } from '../../../test/test-api';
import { anExport, exportsApi, XLSX_TYPE } from '../test-exports';
import ExportScreen from './export-screen';

const api = serveTestApi();

const flat1001 = anArea({ areaType: 'apt', number: 1001 });
const flat1002 = anArea({ areaType: 'apt', number: 1002 });
const laundry = anArea({ areaType: 'lau', name: 'Tvättstugan' });

/** The property, its areas and the export calls; anything else is not found. */
function serve(exports = exportsApi()) {
  const properties = propertiesApi([solrosen1]);
  api.answer((request: ReceivedRequest): Reply => {
    const url = new URL(request.url ?? '', 'http://api');
    if (url.pathname === `/properties/${solrosen1.id}/areas`)
      return pageOfAreas([flat1001, flat1002, laundry], url);
    return exports(request) ?? properties(request);
  });
  return exports;
}

function renderExport({
  language = 'sv',
  user = karin,
}: {
  language?: 'sv' | 'en';
  user?: typeof karin;
} = {}) {
  return renderComponent(
    <Routes>
      <Route path={paths.propertyData.path} element={<ExportScreen />} />
    </Routes>,
    { route: paths.propertyData.href(solrosen1.id), store: signedInStore(user), language },
  );
}

const posted = () =>
  api.requests
    .filter((request) => request.method === 'POST')
    .map((request) => request.body as Record<string, unknown>);

const history = async () =>
  screen.findByRole('region', { name: /^(Tidigare exporter|Earlier exports)$/ });

/** The files saved: each blob given an object URL, and the name its link was clicked with. */
function savedFiles() {
  const saved: { name: string; blob?: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${blobs.size + 1}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ name: this.download, blob: blobs.get(this.getAttribute('href') ?? '') });
  });
  return saved;
}

beforeEach(() => {
  // Only the date: the polling's timers run as they do in a browser.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-24T09:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the export form', () => {
  it('sends last month, whole, every type, a row a day, as Excel with the area and meter named, in Swedish', async () => {
    serve();
    const { user } = renderExport();
    const form = await screen.findByRole('form', { name: 'Ny export' });
    expect(within(form).getByRole('radio', { name: 'Alla utrymmen' })).toBeChecked();
    expect(within(form).getByRole('radio', { name: 'Dag' })).toBeChecked();
    expect(within(form).getByRole('radio', { name: 'Excel' })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'Utrymmets namn och nummer' })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'Mätarens id' })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'Mätarställning' })).not.toBeChecked();
    expect(
      within(form).getByText(/Filen får en rad per mätare och dag\. Perioden har 31 dagar\./),
    ).toBeVisible();
    await user.click(within(form).getByRole('button', { name: 'Skapa filen' }));
    await waitFor(() =>
      expect(posted()).toEqual([
        {
          areas: [],
          areaTypes: [],
          from: '2026-10-01',
          to: '2026-10-31',
          types: ['heat', 'el', 'hw', 'cw', 'solar'],
          style: 'xlsx',
          resolution: 'day',
          fields: ['area', 'device'],
          language: 'sv',
        },
      ]),
    );
    expect(await within(form).findByRole('status')).toHaveTextContent('Filen skapas');
  });

  it('sends the areas of the types chosen, the types left, a row a month as CSV, and says what a row is', async () => {
    serve();
    const { user } = renderExport();
    const form = await screen.findByRole('form', { name: 'Ny export' });
    await user.click(within(form).getByRole('radio', { name: 'Alla utrymmen av vissa typer' }));
    await user.click(await within(form).findByRole('checkbox', { name: 'Lägenheter' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Tvättstugor' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Solel' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Kallvatten' }));
    await user.click(within(form).getByRole('radio', { name: 'Månad' }));
    await user.click(within(form).getByRole('radio', { name: 'CSV' }));
    expect(within(form).getByText(/semikolon mellan fälten och decimalkomma/)).toBeVisible();
    await user.click(within(form).getByRole('checkbox', { name: 'Mätarens id' }));
    expect(within(form).getByText(/Filen får en rad per utrymme och månad\./)).toBeVisible();
    await user.click(within(form).getByRole('checkbox', { name: 'Utrymmets namn och nummer' }));
    expect(within(form).getByText(/Filen får en rad per månad med summan/)).toBeVisible();
    await user.click(within(form).getByRole('checkbox', { name: 'Uppskattat' }));
    await user.click(within(form).getByRole('button', { name: 'Förra året' }));
    await user.click(within(form).getByRole('button', { name: 'Skapa filen' }));
    await waitFor(() =>
      expect(posted()).toEqual([
        {
          areas: [],
          areaTypes: ['apt', 'lau'],
          from: '2025-01-01',
          to: '2025-12-31',
          types: ['heat', 'el', 'hw'],
          style: 'csv',
          resolution: 'month',
          fields: ['estimated'],
          language: 'sv',
        },
      ]),
    );
  });

  it('finds areas by a search the API answers, and sends the ones chosen', async () => {
    serve();
    const { user } = renderExport();
    const form = await screen.findByRole('form', { name: 'Ny export' });
    await user.click(within(form).getByRole('radio', { name: 'Utvalda utrymmen' }));
    const search = await within(form).findByRole('combobox', { name: 'Välj utrymmen' });
    await user.type(search, '1002');
    // Asked once typing pauses; the API's answer is what is offered.
    await waitFor(() =>
      expect(api.requests.some((request) => request.url?.endsWith('/areas?q=1002'))).toBe(true),
    );
    await waitFor(() => expect(screen.queryByRole('option', { name: 'Lägenhet 1001' })).toBeNull());
    await user.click(screen.getByRole('option', { name: 'Lägenhet 1002' }));
    await user.type(search, 'Tvätt');
    await user.click(await screen.findByRole('option', { name: 'Tvättstugan' }));
    expect(within(form).getByText('Lägenhet 1002')).toBeVisible();
    await user.click(within(form).getByRole('button', { name: 'Skapa filen' }));
    await waitFor(() => expect(posted()).toHaveLength(1));
    expect(posted()[0]).toMatchObject({ areas: [flat1002.id, laundry.id], areaTypes: [] });
  });

  it('says in Swedish what is missing, and sends nothing', async () => {
    serve();
    const { user } = renderExport();
    const form = await screen.findByRole('form', { name: 'Ny export' });
    for (const type of ['Värme', 'El', 'Varmvatten', 'Kallvatten', 'Solel'])
      await user.click(within(form).getByRole('checkbox', { name: type }));
    await user.click(within(form).getByRole('radio', { name: 'Utvalda utrymmen' }));
    await user.click(within(form).getByRole('button', { name: 'Skapa filen' }));
    expect(await within(form).findByText('Välj minst en sorts energi eller vatten.')).toBeVisible();
    expect(within(form).getByText('Välj minst ett utrymme.')).toBeVisible();
    expect(posted()).toEqual([]);
  });

  it("shows the API's refusal of an area on the areas, in Swedish", async () => {
    serve(
      exportsApi(solrosen1.id, {
        refuse: failure(400, 'areas.0: An area chosen is not in this property.', {
          code: 'VALIDATION_FAILED',
          details: {
            issues: [
              {
                field: 'areas.0',
                rule: 'custom',
                message: 'An area chosen is not in this property.',
              },
            ],
          },
        }),
      }),
    );
    const { user } = renderExport();
    const form = await screen.findByRole('form', { name: 'Ny export' });
    await user.click(within(form).getByRole('radio', { name: 'Utvalda utrymmen' }));
    await user.click(await within(form).findByRole('combobox', { name: 'Välj utrymmen' }));
    await user.click(await screen.findByRole('option', { name: 'Lägenhet 1001' }));
    await user.click(within(form).getByRole('button', { name: 'Skapa filen' }));
    expect(
      await within(form).findByText(
        'Ett av de valda utrymmena finns inte i fastigheten längre. Välj utrymmena igen.',
      ),
    ).toBeVisible();
  });

  it('says to wait when too many exports of the user are under way', async () => {
    serve(
      exportsApi(solrosen1.id, {
        refuse: failure(429, 'Wait until your exports under way are ready.', {
          code: 'TOO_MANY_REQUESTS',
          retryAfterSeconds: 10,
        }),
      }),
    );
    const { user } = renderExport();
    const form = await screen.findByRole('form', { name: 'Ny export' });
    await user.click(within(form).getByRole('button', { name: 'Skapa filen' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('Det gick inte att starta exporten');
    expect(alert).toHaveTextContent('Du har redan flera exporter på gång.');
  });

  it('sends English as the language of the file when English is shown', async () => {
    serve();
    const { user } = renderExport({ language: 'en', user: erik });
    const form = await screen.findByRole('form', { name: 'New export' });
    expect(
      within(form).getByText(/The file has one row per meter and day\. The period has 31 days\./),
    ).toBeVisible();
    await user.click(within(form).getByRole('checkbox', { name: 'Heat' }));
    await user.click(within(form).getByRole('radio', { name: 'Hour' }));
    expect(within(form).getByText(/The period has 744 hours\./)).toBeVisible();
    await user.click(within(form).getByRole('button', { name: 'Make the file' }));
    await waitFor(() => expect(posted()).toHaveLength(1));
    expect(posted()[0]).toMatchObject({
      types: ['el', 'hw', 'cw', 'solar'],
      resolution: 'hour',
      language: 'en',
    });
  });
});

describe('an export being made', () => {
  it('comes at the top of the history with its progress, and offers its file once ready', async () => {
    const exports = serve(exportsApi(solrosen1.id, { history: [anExport()] }));
    const { user } = renderExport();
    const form = await screen.findByRole('form', { name: 'Ny export' });
    await within(await history()).findByRole('button', { name: /^Hämta / });
    await user.click(within(form).getByRole('radio', { name: 'CSV' }));
    await user.click(within(form).getByRole('button', { name: 'Skapa filen' }));

    const list = within(await history()).getByRole('list');
    const newest = () => within(list).getAllByRole('listitem')[0] as HTMLElement;
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(newest()).getByRole('progressbar', { name: 'Filen skapas' })).toBeVisible();
    expect(await within(newest()).findByText('Skapar filen: 50 %')).toBeVisible();
    const download = await within(newest()).findByRole(
      'button',
      { name: 'Hämta Solrosen_1_2026-10-01_2026-10-31.csv' },
      { timeout: 6000 },
    );
    expect(within(newest()).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(newest()).toHaveTextContent('Rader: 31');

    // Asked about once a second until ready, and no more after.
    const asked = () =>
      api.requests.filter((request) => request.url === `/exports/${exports.stored[0]?.id}`).length;
    const askedWhenReady = asked();
    expect(askedWhenReady).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(asked()).toBe(askedWhenReady);
    expect(download).toBeEnabled();
  }, 15_000);

  it('says when the file could not be made, and tries again with the same choices', async () => {
    serve(exportsApi(solrosen1.id, { fail: true }));
    const { user } = renderExport();
    const form = await screen.findByRole('form', { name: 'Ny export' });
    await user.click(within(form).getByRole('button', { name: 'Skapa filen' }));
    const region = await history();
    expect(
      await within(region).findByText('Filen kunde inte skapas.', {}, { timeout: 6000 }),
    ).toBeVisible();
    await user.click(within(region).getByRole('button', { name: 'Försök igen' }));
    await waitFor(() => expect(posted()).toHaveLength(2));
    expect(posted()[1]).toEqual(posted()[0]);
  }, 15_000);
});

describe('downloading a file', () => {
  it('fetches it with the session token and saves it under its name', async () => {
    const ready = anExport({ style: 'xlsx' });
    serve(exportsApi(solrosen1.id, { history: [ready] }));
    const saved = savedFiles();
    const { user } = renderExport();
    await user.click(
      await within(await history()).findByRole('button', {
        name: 'Hämta Solrosen_1_2026-10-01_2026-10-31.xlsx',
      }),
    );
    await waitFor(() => expect(saved).toHaveLength(1));
    const fetched = api.requests.find((request) => request.url === `/api/exports/${ready.id}/file`);
    expect(fetched?.headers.authorization).toBe('Bearer access-token');
    expect(saved[0]?.name).toBe('Solrosen_1_2026-10-01_2026-10-31.xlsx');
    expect(saved[0]?.blob?.type).toBe(XLSX_TYPE);
    expect(saved[0]?.blob?.size).toBe(Buffer.byteLength(`\uFEFFfile of ${ready.id}`));
  });

  it('says so when the file cannot be had', async () => {
    const ready = anExport();
    const exports = exportsApi(solrosen1.id, { history: [ready] });
    serve(exports);
    savedFiles();
    const { user } = renderExport();
    const button = await within(await history()).findByRole('button', { name: /^Hämta / });
    api.answer((request) =>
      request.url?.endsWith('/file') ? failure(500, 'x') : (exports(request) ?? { status: 404 }),
    );
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent('Filen kunde inte hämtas');
  });
});

describe('the history', () => {
  const earlier: Export[] = [
    anExport({
      areaTypes: ['apt', 'lau'],
      style: 'csv',
      fileName: 'Solrosen_1_2026-10-01_2026-10-31.csv',
      resolution: 'hour',
      types: ['heat', 'el'],
    }),
    anExport({
      areas: [flat1001.id, flat1002.id, laundry.id, anArea({ areaType: 'misc', name: 'x' }).id],
      chosenAreas: [
        { name: '', areaType: 'apt', number: 1001 },
        { name: 'Tvättstuga A', areaType: 'lau', number: null },
      ],
      userName: '',
      userEmail: 'erik@example.com',
    }),
    anExport({
      userId: null,
      userName: null,
      userEmail: null,
      status: 'failed',
      progress: 0.4,
      url: null,
      fileName: null,
      size: null,
      rows: null,
    }),
  ];

  it('describes each export in Swedish, newest first, and says how long files are kept', async () => {
    serve(exportsApi(solrosen1.id, { history: earlier }));
    renderExport();
    const region = await history();
    expect(region).toHaveTextContent('Filerna sparas i 30 dagar och tas sedan bort.');
    const [first, second, third] = await within(region).findAllByRole('listitem');
    expect(first).toHaveTextContent('Alla lägenheter och alla tvättstugor');
    expect(first).toHaveTextContent('Från: 1 okt. 2026');
    expect(first).toHaveTextContent('Till: 31 okt. 2026');
    expect(first).toHaveTextContent('Energi och vatten: Värme, El');
    expect(first).toHaveTextContent('En rad per: Timme');
    expect(first).toHaveTextContent('Format: CSV');
    expect(first).toHaveTextContent('Skapad: 23 nov. 2026 10:15');
    expect(first).toHaveTextContent('Av: Karin Lund');
    expect(first).toHaveTextContent('Rader: 12 345');
    expect(first).toHaveTextContent('Storlek: 48 kB');
    expect(first).toHaveTextContent('Tas bort 23 dec. 2026');
    expect(second).toHaveTextContent('Lägenhet 1001, Tvättstuga A och 2 till');
    expect(second).toHaveTextContent('Av: erik@example.com');
    expect(third).toHaveTextContent('Alla utrymmen');
    expect(third).toHaveTextContent('Av: Borttagen användare');
    expect(third).toHaveTextContent('Rader: –');
    expect(third).toHaveTextContent('Filen kunde inte skapas.');
  });

  it('describes them in English', async () => {
    serve(exportsApi(solrosen1.id, { history: earlier }));
    renderExport({ language: 'en' });
    const region = await history();
    expect(region).toHaveTextContent('Files are kept for 30 days and then removed.');
    const [first, second] = await within(region).findAllByRole('listitem');
    expect(first).toHaveTextContent('All apartments and all laundry rooms');
    expect(first).toHaveTextContent('From: 1 Oct 2026');
    expect(first).toHaveTextContent('Made: 23 Nov 2026, 10:15');
    expect(first).toHaveTextContent('Rows: 12,345');
    expect(first).toHaveTextContent('One row per: Hour');
    expect(second).toHaveTextContent('Apartment 1001, Tvättstuga A and 2 more');
  });

  it('pages: the next exports come with Show more', async () => {
    const many = Array.from({ length: 3 }, (_, index) =>
      anExport({ rows: index + 1, from: `2026-0${index + 1}-01` }),
    );
    serve(exportsApi(solrosen1.id, { history: many, pageSize: 2 }));
    const { user } = renderExport();
    const region = await history();
    await waitFor(() => expect(within(region).getAllByRole('listitem')).toHaveLength(2));
    await user.click(within(region).getByRole('button', { name: 'Visa fler' }));
    await waitFor(() => expect(within(region).getAllByRole('listitem')).toHaveLength(3));
    expect(api.requests.some((request) => request.url?.includes('limit=20'))).toBe(true);
  });

  it('is a table on a wide screen', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      mediaQueries((query) => query.includes('min-width')),
    );
    serve(exportsApi(solrosen1.id, { history: earlier }));
    renderExport();
    const table = await within(await history()).findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'Utrymmen',
      'Från',
      'Till',
      'Energi och vatten',
      'En rad per',
      'Format',
      'Skapad',
      'Av',
      'Rader',
      'Storlek',
      'Fil',
    ]);
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByRole('button', { name: /^Hämta .*\.csv$/ })).toBeVisible();
  });

  it('says when there are none yet', async () => {
    serve();
    renderExport();
    expect(await within(await history()).findByText(/Inga exporter ännu/)).toBeVisible();
  });
});
