// Export calls (DESIGN §4.4 "Export", docs/export.md) on PGlite and PostgreSQL: files read back
// with the libraries a client would use (csv-parse in each language's style, exceljs), their
// values equal to the statistics API's for the same window and grain, a DST day per hour, the
// registers, formula injection, the history, who may ask and download, and the 30 days.
import type { Export } from '@portal/contracts/exports';
import type { Statistics } from '@portal/contracts/statistics';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dataExportChunks, dataExports } from '../../db/schema/exports';
import { buildTestApp, type TestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import {
  createArea,
  createProperty,
  createTenancyCast,
  expectInvalid,
  expectRefused,
  type GuardedCall,
  refusals,
  type TenancyCast,
  unknownIdCalls,
} from '../../test/factories';
import { createMeter, type HourUse, hoursBetween, writeUse } from '../statistics/test-rollups';
import { ExportBuilds } from './export-builds';

const ZONE = 'Europe/Stockholm';
/** October 2026 in Stockholm: the autumn DST day, 25 October, has 25 hours. */
const OCTOBER = hoursBetween('2026-09-30T22:00:00Z', '2026-10-31T23:00:00Z');
const BOM = '\uFEFF';

/** A use that differs per hour and meter, in Wh or litres, with three decimals to keep. */
const useAt = (index: number, seed: number) => 1000 * seed + ((index * 37) % 101) + 0.125;

async function readWorkbook(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

describe.each(testDrivers)('exports on %s', (driver) => {
  let subject: TestApp;
  let cast: TenancyCast;
  let propertyId: string;
  let otherPropertyId: string;
  let flatId: string;
  let trickyId: string;
  const meters: Record<string, string> = {};

  const db = () => subject.database.db;
  const statistics = async (query: string) => {
    const response = await cast.request(
      'manager',
      'GET',
      `/api/properties/${propertyId}/statistics?${query}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Statistics;
  };
  const ask = async (body: object, caller: 'manager' | 'member' = 'manager') => {
    const response = await cast.request(caller, 'POST', `/api/properties/${propertyId}/exports`, {
      from: '2026-10-01',
      to: '2026-10-31',
      types: ['heat', 'hw', 'solar'],
      style: 'csv',
      resolution: 'day',
      ...body,
    });
    expect(response.statusCode, response.body).toBe(202);
    return response.json() as Export;
  };
  /** Asks for an export, waits for its build, and answers it with its file's bytes. */
  const exported = async (body: object, caller: 'manager' | 'member' = 'manager') => {
    const asked = await ask(body, caller);
    expect(asked.status).toBe('pending');
    await subject.app.portal.exportBuilds.idle();
    const ready = (await cast.request(caller, 'GET', `/api/exports/${asked.id}`)).json() as Export;
    expect(ready, JSON.stringify(ready)).toMatchObject({ status: 'ready', progress: 1 });
    const file = await cast.request(caller, 'GET', ready.url as string);
    expect(file.statusCode, file.body).toBe(200);
    return { export: ready, file, bytes: file.rawPayload as Buffer };
  };
  const csvRows = (bytes: Buffer, delimiter: string) =>
    parse(bytes, { delimiter, bom: true, relax_column_count: false }) as string[][];
  const swedishNumber = (text: string) => (text === '' ? null : Number(text.replace(',', '.')));

  beforeAll(async () => {
    subject = await buildTestApp(driver);
    cast = await createTenancyCast(subject.app, db());
    const property = await createProperty(db(), cast.organization.id, { timeZone: ZONE });
    propertyId = property.id;
    otherPropertyId = (await createProperty(db(), cast.otherOrganization.id)).id;
    const plant = await createArea(db(), property, { areaType: 'misc', name: 'Undercentral' });
    const flat = await createArea(db(), property, {
      areaType: 'apt',
      number: 1001,
      name: 'Lgh 1001',
    });
    flatId = flat.id;
    // A name a spreadsheet would run as a formula, were it not neutralised.
    const tricky = await createArea(db(), property, {
      areaType: 'apt',
      number: 1002,
      name: '=HYPERLINK("http://evil.example","Lgh")',
    });
    trickyId = tricky.id;
    const add = async (
      key: string,
      area: typeof plant,
      meter: Parameters<typeof createMeter>[2],
      seed: number,
      flags: Partial<HourUse> = {},
    ) => {
      const row = await createMeter(db(), area, meter);
      meters[key] = row.id;
      await writeUse(
        db(),
        row.id,
        ZONE,
        OCTOBER.map((hour, index) => ({ hour, use: useAt(index, seed), ...flags })),
      );
    };
    await add(
      'heat',
      plant,
      { deviceType: 'heat', idNumber: 'KAM12345678', name: 'Fjärrvärme' },
      50,
    );
    await add('solar', plant, { deviceType: 'el', idNumber: '87654321', role: 'production' }, 3, {
      simulated: true,
    });
    await add('hw1001', flat, { deviceType: 'hw', idNumber: '66345678' }, 2);
    await add('hw1002', tricky, { deviceType: 'hw', idNumber: '66345679' }, 1, { estimated: true });
    // The heat meter's register every hour of 25 October (UTC 22:00 the day before to 23:00).
    await db().execute(sql`
      insert into readings (device_id, at, value)
      select ${meters.heat}::uuid, at, 5000000 + extract(epoch from at)
      from generate_series('2026-10-24T22:00:00Z'::timestamptz, '2026-10-25T23:00:00Z', '1 hour') at`);
  });
  afterAll(() => subject.close());

  it('writes Swedish CSV that Swedish Excel opens as columns: `;`, decimal comma, BOM, a row per meter and day equal to the statistics', async () => {
    const {
      export: done,
      file,
      bytes,
    } = await exported({
      language: 'sv',
      fields: ['area', 'device', 'estimated', 'simulated'],
    });
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="Solrosen 1/);
    expect(bytes.subarray(0, 3).toString('utf8')).toBe(BOM);
    const [header, ...rows] = csvRows(bytes, ';');
    expect(header).toEqual([
      'Datum (Europe/Stockholm)',
      'Område',
      'Nummer',
      'Mätar-ID',
      'Mätarnamn',
      'Värme (kWh)',
      'Varmvatten (m³)',
      'Solel (kWh)',
      'Uppskattad',
      'Simulerad',
    ]);
    // 31 days × 4 meters, in the areas list's order: apartments first, by number.
    expect(rows).toHaveLength(31 * 4);
    expect(done.rows).toBe(31 * 4);
    expect(rows.slice(0, 4).map((row) => [row[0], row[1], row[3]])).toEqual([
      ['2026-10-01', 'Lgh 1001', '66345678'],
      ['2026-10-01', '\'=HYPERLINK("http://evil.example","Lgh")', '66345679'],
      ['2026-10-01', 'Undercentral', '87654321'],
      ['2026-10-01', 'Undercentral', 'KAM12345678'],
    ]);
    expect(rows[0]?.[5]).toMatch(/^$/);
    expect(rows[0]?.[6]).toMatch(/^\d+,\d{1,3}$/);
    // Each meter's days are its statistics by device, in kWh and m³ (three decimals kept).
    const october = await statistics('period=month&date=2026-10-15&by=device');
    const order = [meters.hw1001, meters.hw1002, meters.solar, meters.heat];
    expect(october.series.map((series) => series.key).sort()).toEqual([...order].sort());
    for (const series of october.series) {
      const column = { heat: 5, hw: 6, solar: 7 }[series.type as 'heat' | 'hw' | 'solar'];
      const ofMeter = rows.filter((_, index) => index % 4 === order.indexOf(series.key));
      expect(ofMeter.map((row) => swedishNumber(row[column] ?? ''))).toEqual(
        series.buckets.map((bucket) => Math.round(bucket.value) / 1000),
      );
    }
    // The flags: the estimated meter's rows, the simulated meter's rows, and no others.
    expect(rows.filter((row) => row[8] === 'ja').map((row) => row[3])).toEqual(
      Array(31).fill('66345679'),
    );
    expect(rows.filter((row) => row[9] === 'ja').map((row) => row[3])).toEqual(
      Array(31).fill('87654321'),
    );
    expect(new Set(rows.map((row) => row[8]))).toEqual(new Set(['ja', 'nej']));
  });

  it('writes English CSV with `,` and a point; a DST day has 25 hours told apart by their offset, equal to the hourly statistics', async () => {
    const { bytes } = await exported({
      language: 'en',
      from: '2026-10-25',
      to: '2026-10-25',
      resolution: 'hour',
      types: ['heat', 'hw'],
    });
    const [header, ...rows] = csvRows(bytes, ',');
    // No area or meter asked for: one row per hour, everything chosen summed.
    expect(header).toEqual([
      'Time (Europe/Stockholm)',
      'UTC offset',
      'Heat (kWh)',
      'Hot water (m³)',
    ]);
    expect(rows).toHaveLength(25);
    expect(rows.slice(1, 5).map((row) => `${row[0]} ${row[1]}`)).toEqual([
      '2026-10-25 01:00 UTC+02:00',
      '2026-10-25 02:00 UTC+02:00',
      '2026-10-25 02:00 UTC+01:00',
      '2026-10-25 03:00 UTC+01:00',
    ]);
    const day = await statistics('period=day&date=2026-10-25&types=heat,hw');
    for (const [column, type] of [
      [2, 'heat'],
      [3, 'hw'],
    ] as const) {
      const series = day.series.find((one) => one.type === type);
      expect(series?.buckets).toHaveLength(25);
      expect(rows.map((row) => Number(row[column]))).toEqual(
        series?.buckets.map((bucket) => Math.round(bucket.value) / 1000),
      );
    }
  });

  it('writes XLSX with real dates and numbers, a frozen bold header with units, and registers at each bucket end', async () => {
    const { file, bytes } = await exported({
      style: 'xlsx',
      language: 'en',
      from: '2026-10-25',
      to: '2026-10-25',
      resolution: 'hour',
      types: ['heat'],
      fields: ['device', 'register'],
    });
    expect(file.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(file.headers['content-disposition']).toMatch(/^attachment; .*\.xlsx"/);
    const workbook = await readWorkbook(bytes);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const header = sheet.getRow(1);
    expect(header.font?.bold).toBe(true);
    expect((header.values as unknown[]).slice(1)).toEqual([
      'Time (Europe/Stockholm)',
      'UTC offset',
      'Meter ID',
      'Meter name',
      'Heat (kWh)',
      'Register (kWh)',
    ]);
    expect(sheet.rowCount).toBe(1 + 25);
    const first = sheet.getRow(2).values as unknown[];
    // The wall-clock time as a date (zoneless, as a spreadsheet holds it), real numbers.
    expect(first[1]).toEqual(new Date('2026-10-25T00:00:00Z'));
    expect(first[2]).toBe('UTC+02:00');
    expect(first[3]).toBe('KAM12345678');
    expect(typeof first[5]).toBe('number');
    expect(sheet.getRow(2).getCell(1).numFmt).toBe('yyyy-mm-dd hh:mm');
    // Each hour's register is the reading at its end: 00:00–01:00 local (22:00–23:00 UTC) the one
    // at 23:00 UTC, both 02:00 hours their own, the last hour's the one at midnight.
    const registerAt = (utc: number) => Math.round(5_000_000 + utc / 1000) / 1000;
    const hourEnds = hoursBetween('2026-10-24T23:00:00Z', '2026-10-25T24:00:00Z');
    expect(sheet.getColumn(6).values.slice(2)).toEqual(
      hourEnds.map((end) => registerAt(Date.parse(end))),
    );
  });

  it('goes on in a second sheet, header again, when the rows outgrow one', async () => {
    const builds = subject.app.portal.exportBuilds;
    subject.app.portal.exportBuilds = new ExportBuilds({
      db: db(),
      log: subject.app.log,
      sheetRows: 11,
      pageRows: 7,
    });
    try {
      const { bytes, export: done } = await exported({
        style: 'xlsx',
        types: ['heat'],
        from: '2026-10-01',
        to: '2026-10-25',
      });
      expect(done.rows).toBe(25);
      const workbook = await readWorkbook(bytes);
      expect(workbook.worksheets.map((sheet) => [sheet.name, sheet.rowCount])).toEqual([
        ['Data', 11],
        ['Data 2', 11],
        ['Data 3', 6],
      ]);
      expect(workbook.worksheets[1]?.getRow(1).getCell(1).value).toBe('Datum (Europe/Stockholm)');
      expect(workbook.worksheets[1]?.getRow(2).getCell(1).value).toEqual(
        new Date('2026-10-11T00:00:00Z'),
      );
    } finally {
      await subject.app.portal.exportBuilds.close();
      subject.app.portal.exportBuilds = builds;
    }
  });

  it('sums areas per month like the statistics by area, for the areas chosen', async () => {
    const { bytes, export: done } = await exported({
      language: 'en',
      resolution: 'month',
      types: ['hw'],
      fields: ['area'],
      areas: [flatId, trickyId],
    });
    const [header, ...rows] = csvRows(bytes, ',');
    expect(header).toEqual(['Month (Europe/Stockholm)', 'Area', 'Number', 'Hot water (m³)']);
    // The history names the areas chosen, in the areas list's order.
    expect(done.chosenAreas).toEqual([
      { name: 'Lgh 1001', areaType: 'apt', number: 1001 },
      { name: '=HYPERLINK("http://evil.example","Lgh")', areaType: 'apt', number: 1002 },
    ]);
    const byArea = await statistics('period=totalMonth&date=2026-10-01&by=area&types=hw');
    expect(rows.map((row) => [row[0], row[2], Number(row[3])])).toEqual(
      [flatId, trickyId].map((id) => {
        const series = byArea.series.find((one) => one.key === id);
        return [
          '2026-10',
          id === flatId ? '1001' : '1002',
          Math.round(series?.total ?? Number.NaN) / 1000,
        ];
      }),
    );
  });

  it('names an area without a name of its own by its type, in the file’s language', async () => {
    const property = { id: propertyId, organizationId: cast.organization.id };
    const laundry = await createArea(db(), property, { areaType: 'lau', number: 1 });
    const meter = await createMeter(db(), laundry, { deviceType: 'cw', idNumber: '77345678' });
    await writeUse(db(), meter.id, ZONE, [{ hour: '2026-10-01T10:00:00Z', use: 40 }]);
    const rowsOf = async (language: 'sv' | 'en') => {
      const { bytes } = await exported({
        language,
        from: '2026-10-01',
        to: '2026-10-01',
        types: ['cw'],
        fields: ['area'],
        areas: [laundry.id],
      });
      return csvRows(bytes, language === 'sv' ? ';' : ',').slice(1);
    };
    expect(await rowsOf('sv')).toEqual([['2026-10-01', 'Tvättstuga', '1', '0,04']]);
    expect(await rowsOf('en')).toEqual([['2026-10-01', 'Laundry room', '1', '0.04']]);
  });

  it('lets users of the organization ask and download, and lists the history newest first with who, rows and link', async () => {
    const { export: mine } = await exported({ types: ['heat'] }, 'member');
    expect(mine.userId).toBe(cast.member.id);
    const response = await cast.request(
      'member',
      'GET',
      `/api/properties/${propertyId}/exports?limit=2`,
    );
    expect(response.statusCode).toBe(200);
    const [newest, before] = response.json() as Export[];
    expect(newest).toMatchObject({
      id: mine.id,
      status: 'ready',
      rows: 31,
      userEmail: cast.member.email,
      url: `/api/exports/${mine.id}/file`,
      types: ['heat'],
      style: 'csv',
    });
    expect(Date.parse(newest?.expiresAt ?? '') - Date.parse(newest?.time ?? '')).toBe(
      30 * 86_400_000,
    );
    expect(Date.parse(before?.time ?? '')).toBeLessThanOrEqual(Date.parse(newest?.time ?? ''));
    const next = /<([^>]+)>; rel="next"/.exec(String(response.headers.link))?.[1];
    expect(next).toBeDefined();
    const rest = (await cast.request('member', 'GET', next as string)).json() as Export[];
    expect(rest.map((one) => one.id)).not.toContain(mine.id);
  });

  describe('a download by a plain link, with a ticket', () => {
    let done: Export;
    let bytes: Buffer;
    let cookie: string;
    beforeAll(async () => {
      ({ export: done, bytes } = await exported({ types: ['heat'] }, 'member'));
      const ticket = await cast.request('member', 'POST', `/api/exports/${done.id}/download`);
      expect(ticket.statusCode, ticket.body).toBe(204);
      cookie = String(ticket.headers['set-cookie']);
    });
    const withCookie = (url: string, value = cookie.split(';')[0] ?? '') =>
      cast.request('anonymous', 'GET', url, undefined, { cookie: value });

    it('comes as a cookie for the file alone, for a minute, unseen by scripts', () => {
      expect(cookie).toMatch(/^portal_export=[\w-]+\.[\w-]+\.[\w-]+; /);
      expect(cookie).toContain(
        `; Path=/api/exports/${done.id}/file; Max-Age=60; HttpOnly; SameSite=Lax`,
      );
    });

    it('downloads the file without a bearer token', async () => {
      const file = await withCookie(`/api/exports/${done.id}/file`);
      expect(file.statusCode, file.body).toBe(200);
      expect(file.rawPayload.equals(bytes)).toBe(true);
    });

    it('opens no other export, passes as no access token, and lasts a minute', async () => {
      const other = (await exported({ types: ['hw'] })).export;
      expect((await withCookie(`/api/exports/${other.id}/file`)).statusCode).toBe(401);
      const ticket = (cookie.split(';')[0] ?? '').split('=')[1];
      const asToken = await subject.app.inject({
        method: 'GET',
        url: `/api/exports/${done.id}`,
        headers: { authorization: `Bearer ${ticket}` },
      });
      expect(asToken.statusCode).toBe(401);
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
      try {
        expect((await withCookie(`/api/exports/${done.id}/file`)).statusCode).toBe(401);
      } finally {
        vi.useRealTimers();
      }
    });

    it('is given to no one outside the organization, nor without signing in', async () => {
      expect(
        (await cast.request('otherManager', 'POST', `/api/exports/${done.id}/download`)).statusCode,
      ).toBe(404);
      expect(
        (await cast.request('anonymous', 'POST', `/api/exports/${done.id}/download`)).statusCode,
      ).toBe(401);
    });
  });

  it('removes exports after 30 days, file and all', async () => {
    const { export: old } = await exported({ types: ['heat'] });
    await db().execute(
      sql`update data_exports set created_at = now() - interval '31 days' where id = ${old.id}`,
    );
    await subject.app.portal.exportBuilds.removeExpired();
    expect((await cast.request('manager', 'GET', `/api/exports/${old.id}`)).statusCode).toBe(404);
    expect((await cast.request('manager', 'GET', `/api/exports/${old.id}/file`)).statusCode).toBe(
      404,
    );
    const chunks = await db().select().from(dataExportChunks).where(sql`export_id = ${old.id}`);
    expect(chunks).toEqual([]);
  });

  describe('refuses bad requests with what is wrong, storing nothing', () => {
    const invalid = (payload: object, message: string) =>
      expectInvalid(
        cast,
        db(),
        [dataExports],
        {
          method: 'POST',
          url: `/api/properties/${propertyId}/exports`,
          payload: {
            from: '2026-10-01',
            to: '2026-10-31',
            types: ['heat'],
            style: 'csv',
            resolution: 'day',
            ...payload,
          },
        },
        message,
      );
    it('the last date before the first', () =>
      invalid(
        { from: '2026-10-31', to: '2026-10-01' },
        'The last date cannot be before the first.',
      ));
    it('a date that is none', () => invalid({ to: '2026-02-30' }, 'The last date is no date.'));
    it('no type', () => invalid({ types: [] }, 'Choose at least one type.'));
    it('a style that is none', () => invalid({ style: 'pdf' }, 'The style is xlsx or csv.'));
    it('a window longer than five years', () =>
      invalid({ from: '2020-01-01', to: '2026-01-01' }, 'An export spans at most 1830 days.'));
    it('a file of more than 20 000 000 rows', async () => {
      // 460 meters per hour over five years (43 824 hours): 20.2 M rows.
      const big = await createProperty(db(), cast.organization.id, { name: 'Stora huset' });
      const area = await createArea(db(), big, { areaType: 'misc' });
      await db().execute(sql`
        insert into devices (organization_id, property_id, area_id, device_type, id_number, id_key)
        select ${big.organizationId}, ${big.id}, ${area.id}, 'hw', n::text, n::text
        from generate_series(10000001, 10000460) n`);
      const response = await cast.request('manager', 'POST', `/api/properties/${big.id}/exports`, {
        from: '2021-01-01',
        to: '2025-12-31',
        types: ['hw'],
        style: 'csv',
        resolution: 'hour',
        fields: ['device'],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().details.issues).toEqual([
        expect.objectContaining({ field: 'to', rule: 'too_big', limit: 20_000_000 }),
      ]);
      expect(response.json().message).toContain('The export would have 20,159,040 rows');
    });
    it('an area of another property', () =>
      invalid({ areas: [otherPropertyId] }, 'An area chosen is not in this property.'));
  });

  it('sends a file of many chunks whole, its length as said', async () => {
    const builds = subject.app.portal.exportBuilds;
    subject.app.portal.exportBuilds = new ExportBuilds({
      db: db(),
      log: subject.app.log,
      chunkBytes: 1000,
    });
    try {
      const { bytes, file, export: done } = await exported({ fields: ['area', 'device'] });
      const chunks = await db().select().from(dataExportChunks).where(sql`export_id = ${done.id}`);
      expect(chunks.length).toBeGreaterThan(5);
      expect(Number(file.headers['content-length'])).toBe(bytes.length);
      expect(bytes.length).toBe(done.size);
      expect(csvRows(bytes, ';')).toHaveLength(1 + 31 * 4);
    } finally {
      await subject.app.portal.exportBuilds.close();
      subject.app.portal.exportBuilds = builds;
    }
  });

  it.each(['csv', 'xlsx'] as const)(
    'ends a %s build whose chunk cannot be saved, tries it again and then marks it failed',
    async (style) => {
      const builds = subject.app.portal.exportBuilds;
      subject.app.portal.exportBuilds = new ExportBuilds({
        db: db(),
        log: subject.app.log,
        chunkBytes: 500,
      });
      await db().execute(sql`
        create function refuse_second_chunk() returns trigger language plpgsql as $$
        begin
          if new.seq = 1 then raise exception 'the disk is full'; end if;
          return new;
        end $$`);
      await db().execute(sql`
        create trigger refuse_second_chunk before insert on data_export_chunks
          for each row execute function refuse_second_chunk()`);
      try {
        const asked = await ask({ style, fields: ['area', 'device'] });
        for (let run = 0; run < 3; run++) await subject.app.portal.exportBuilds.buildPending();
        const [row] = await db().select().from(dataExports).where(sql`id = ${asked.id}`);
        expect(row).toMatchObject({ status: 'failed', attempts: 3, lastError: 'the disk is full' });
        const failed = await cast.request('manager', 'GET', `/api/exports/${asked.id}`);
        expect(failed.json()).toMatchObject({ status: 'failed', url: null });
        expect(
          (await cast.request('manager', 'GET', `/api/exports/${asked.id}/file`)).statusCode,
        ).toBe(404);
      } finally {
        await db().execute(sql`drop trigger refuse_second_chunk on data_export_chunks`);
        await db().execute(sql`drop function refuse_second_chunk()`);
        await subject.app.portal.exportBuilds.close();
        subject.app.portal.exportBuilds = builds;
      }
    },
  );

  it.each([
    [true, 'ready'],
    [false, 'running'],
  ] as const)(
    'alone on its database (%s), takes over at start a build a killed process left running: %s',
    async (soleProcess, status) => {
      const builds = subject.app.portal.exportBuilds;
      // A builder that never runs: the export stays pending until it is set running below.
      subject.app.portal.exportBuilds = new ExportBuilds({ db: db(), log: subject.app.log });
      await subject.app.portal.exportBuilds.close();
      const restarted = new ExportBuilds({ db: db(), log: subject.app.log, soleProcess });
      const asked = await ask({ types: ['heat'] });
      try {
        // Claimed a moment ago by a process that was then killed: its claim is far from stale.
        await db()
          .update(dataExports)
          .set({ status: 'running', attempts: 1, claimedAt: new Date() })
          .where(sql`id = ${asked.id}`);
        await restarted.start();
        const [row] = await db().select().from(dataExports).where(sql`id = ${asked.id}`);
        expect(row).toMatchObject({ status, attempts: status === 'ready' ? 2 : 1 });
      } finally {
        await restarted.close();
        subject.app.portal.exportBuilds = builds;
        // Not left unfinished: the caller's unfinished exports (five at most) count in later tests.
        await db().delete(dataExports).where(sql`id = ${asked.id}`);
      }
    },
  );

  it('lets one caller have at most five exports waiting (429), and builds them all', async () => {
    const builds = subject.app.portal.exportBuilds;
    // A builder that never runs: the exports stay pending.
    subject.app.portal.exportBuilds = new ExportBuilds({ db: db(), log: subject.app.log });
    await subject.app.portal.exportBuilds.close();
    const asked: string[] = [];
    try {
      for (let index = 0; index < 5; index++) asked.push((await ask({ types: ['heat'] })).id);
      const refused = await cast.request(
        'manager',
        'POST',
        `/api/properties/${propertyId}/exports`,
        {
          from: '2026-10-01',
          to: '2026-10-31',
          types: ['heat'],
          style: 'csv',
          resolution: 'day',
        },
      );
      expect(refused.statusCode).toBe(429);
    } finally {
      subject.app.portal.exportBuilds = builds;
    }
    await builds.buildPending();
    const built = await db()
      .select({ status: dataExports.status })
      .from(dataExports)
      .where(sql`id = any(${`{${asked.join(',')}}`}::uuid[])`);
    expect(built.map((row) => row.status)).toEqual(Array(5).fill('ready'));
  });

  it('runs no name as a formula: in CSV the area and meter names starting =, +, -, @, tab or CR get an apostrophe, in XLSX they are text cells', async () => {
    const property = { id: propertyId, organizationId: cast.organization.id };
    // An area and a meter per character a spreadsheet starts a formula with (the factories store
    // what the API would trim, a leading tab or carriage return).
    const names = [
      '=HYPERLINK("http://evil.example","x")',
      '+SUM(1,2)',
      "-2+3+cmd|' /C calc'!A0",
      '@SUM(A1:A9)',
      '\t=1+1',
      '\r=1+1',
    ];
    const chosen: string[] = [];
    for (const [index, name] of names.entries()) {
      const area = await createArea(db(), property, {
        areaType: 'bic',
        number: 2001 + index,
        name,
      });
      chosen.push(area.id);
      const meter = await createMeter(db(), area, {
        deviceType: 'cw',
        idNumber: `7734568${index}`,
        name,
      });
      await writeUse(db(), meter.id, ZONE, [{ hour: '2026-10-01T10:00:00Z', use: 40 }]);
    }
    const asked = { language: 'en', from: '2026-10-01', to: '2026-10-01', types: ['cw'] };
    const fields = ['area', 'device'];

    const csv = await exported({ ...asked, style: 'csv', fields, areas: chosen });
    const rows = csvRows(csv.bytes, ',').slice(1);
    expect(rows.map((row) => [row[1], row[4]])).toEqual(
      names.map((name) => [`'${name}`, `'${name}`]),
    );

    const xlsx = await exported({ ...asked, style: 'xlsx', fields, areas: chosen });
    const sheet = (await readWorkbook(xlsx.bytes)).worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.rowCount).toBe(1 + names.length);
    for (const [index, name] of names.entries())
      for (const column of [2, 5]) {
        const cell = sheet.getRow(2 + index).getCell(column);
        expect(cell.type, `${name} in column ${column}`).toBe(ExcelJS.ValueType.String);
        expect(cell.formula).toBeUndefined();
        // A text cell holds the name as it is, no apostrophe to show (but a carriage return comes
        // back a line feed: XML reads every line end as one).
        expect(cell.value).toBe(name.replace('\r', '\n'));
      }
  });

  describe('who may do what (DESIGN §5)', () => {
    let exportId: string;
    beforeAll(async () => {
      exportId = (await exported({ types: ['heat'] })).export.id;
    });
    const calls: GuardedCall[] = [
      {
        call: 'POST exports',
        method: 'POST',
        url: () => `/api/properties/${propertyId}/exports`,
        payload: () => ({
          from: '2026-10-01',
          to: '2026-10-02',
          types: ['heat'],
          style: 'csv',
          resolution: 'day',
        }),
      },
      { call: 'GET exports', method: 'GET', url: () => `/api/properties/${propertyId}/exports` },
      { call: 'GET export', method: 'GET', url: () => `/api/exports/${exportId}` },
      { call: 'GET file', method: 'GET', url: () => `/api/exports/${exportId}/file` },
    ];
    it.each(refusals(calls))('$call as $caller: $status, and nothing changes', async (refusal) => {
      await expectRefused(cast, db(), [dataExports], refusal);
    });
    it.each([
      ...unknownIdCalls(['GET'], (id) => `/api/exports/${id}`),
      ...unknownIdCalls(['GET'], (id) => `/api/exports/${id}/file`),
      ...unknownIdCalls(
        ['GET', 'POST'],
        (id) => `/api/properties/${id}/exports`,
        () => ({
          from: '2026-10-01',
          to: '2026-10-02',
          types: ['heat'],
          style: 'csv',
          resolution: 'day',
        }),
      ),
    ])('$call: 404', async (refusal) => {
      await expectRefused(cast, db(), [dataExports], refusal);
    });
  });
});
