// The data export against the built portal and a real database, on a phone-sized screen
// (360 × 740): a new site manager's property with 13 months of hourly readings sent as a gateway
// sends them (support/metered-property.ts) is exported for last month, whole (the form's default),
// as Excel and as CSV; each export shows its progress at the top of the history until its file is
// ready, and 'Hämta' downloads it through the app (the file needs the session's token). The files
// are opened as a program would: the CSV with csv-parse (Swedish: `;`, a decimal comma and a BOM;
// English: `,` and a point) and the workbook with exceljs; each names the property's time zone and
// the units in its header and has rows of data. Then the same in English. Without serious
// accessibility problems, never wider than the phone.
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import {
  expectNoSeriousAccessibilityProblems,
  expectNoSidewaysOverflow,
} from '../support/accessibility';
import { expect, test } from '../support/fixtures';
import { meteredProperty } from '../support/metered-property';
import { rememberSecret } from '../support/secrets-seen';

const PHONE = { width: 360, height: 740 };
/** A file of a month of daily rows for eight meters is built in well under this. */
const READY_WITHIN = { timeout: 60_000 };

type Texts = {
  form: string;
  submit: string;
  started: string;
  csv: string;
  history: string;
  download: string;
  delimiter: ';' | ',';
  /** A decimal number as the language writes it in the file, and as it must not. */
  decimal: RegExp;
  otherDecimal: RegExp;
};

const SV: Texts = {
  form: 'Ny export',
  submit: 'Skapa filen',
  started: 'Filen skapas',
  csv: 'CSV',
  history: 'Tidigare exporter',
  download: 'Hämta',
  delimiter: ';',
  decimal: /^-?\d+,\d+$/,
  otherDecimal: /^-?\d+\.\d+$/,
};

const EN: Texts = {
  form: 'New export',
  submit: 'Make the file',
  started: 'The file is being made',
  csv: 'CSV',
  history: 'Earlier exports',
  download: 'Download',
  delimiter: ',',
  decimal: /^-?\d+\.\d+$/,
  otherDecimal: /^-?\d+,\d+$/,
};

/** Starts an export with the form as it stands and waits for the word that it has started. */
async function startExport(form: Locator, texts: Texts) {
  await form.getByRole('button', { name: texts.submit }).click();
  await expect(form.getByRole('status').filter({ hasText: texts.started })).toBeVisible();
  await form.getByRole('status').getByRole('button').click();
}

/** Waits until the export's file is ready, downloads it and returns its bytes. */
async function download(page: Page, item: Locator, texts: Texts, extension: 'xlsx' | 'csv') {
  const button = item.getByRole('button', {
    name: new RegExp(`^${texts.download} .*\\.${extension}$`),
  });
  await expect(button).toBeVisible(READY_WITHIN);
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(file.suggestedFilename()).toMatch(new RegExp(`^Vallmon 3 .*\\.${extension}$`));
  // The ticket the download was let through with, a cookie for the file's address alone.
  for (const cookie of await page.context().cookies())
    if (cookie.name === 'portal_export') rememberSecret(cookie.value, 'download ticket');
  const path = await file.path();
  return readFile(path);
}

/** The meters of the metered property: heat, electricity, solar, cold water and four flats' hot
 * water — a row each per day of the file (one row per meter and day, the form's default). */
const METERS = 8;

/** Last month in the property's zone, as the form's default window: its first and last date. */
function lastMonth() {
  const today = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Stockholm',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  const [year = 0, month = 0] = today.split('-').map(Number);
  const first = new Date(Date.UTC(year, month - 2, 1));
  const last = new Date(Date.UTC(year, month - 1, 0));
  const date = (day: Date) => day.toISOString().slice(0, 10);
  return { first: date(first), last: date(last), days: last.getUTCDate() };
}

/** The CSV as a spreadsheet program reads it: the BOM first, then the header and the rows. */
function expectCsv(bytes: Buffer, texts: Texts) {
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header = [], ...rows] = parse(bytes, {
    bom: true,
    delimiter: texts.delimiter,
    relax_column_count: false,
  }) as string[][];
  expect(header[0]).toContain('Europe/Stockholm');
  expect(header.some((cell) => cell.includes('kWh'))).toBe(true);
  expect(header.some((cell) => cell.includes('m³'))).toBe(true);
  // Every day of last month, each meter once, from its first date to its last.
  const month = lastMonth();
  expect(rows).toHaveLength(month.days * METERS);
  expect(rows[0]?.[0]).toBe(month.first);
  expect(rows.at(-1)?.[0]).toBe(month.last);
  const cells = rows.flat();
  expect(cells.some((cell) => texts.decimal.test(cell))).toBe(true);
  expect(cells.filter((cell) => texts.otherDecimal.test(cell))).toEqual([]);
}

/** The workbook: a header naming the zone and the units on its first sheet, and rows below it. */
async function expectWorkbook(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the workbook has no sheet');
  const header = (sheet.getRow(1).values as unknown[]).map((value) => String(value ?? ''));
  expect(header.some((cell) => cell.includes('Europe/Stockholm'))).toBe(true);
  expect(header.some((cell) => cell.includes('kWh'))).toBe(true);
  expect(sheet.actualRowCount).toBe(1 + lastMonth().days * METERS);
  // The first day as a real date (the wall-clock day, as a spreadsheet holds it).
  expect(sheet.getRow(2).getCell(1).value).toEqual(new Date(`${lastMonth().first}T00:00:00Z`));
}

/** Last month as Excel (the form's default) and as CSV, both downloaded and opened. */
async function exportLastMonth(page: Page, texts: Texts) {
  const main = page.getByRole('main');
  const form = main.getByRole('form', { name: texts.form });
  const history = main.getByRole('region', { name: texts.history, exact: true });
  await startExport(form, texts);
  // The kit's segmented control hides its radios behind their labels, which take the click.
  await form.getByText(texts.csv, { exact: true }).click();
  await expect(form.getByRole('radio', { name: texts.csv })).toBeChecked();
  await startExport(form, texts);

  // Newest first: the CSV, then the workbook, above any made before.
  const [csv, xlsx] = [history.getByRole('listitem').nth(0), history.getByRole('listitem').nth(1)];
  await expectWorkbook(await download(page, xlsx, texts, 'xlsx'));
  expectCsv(await download(page, csv, texts, 'csv'), texts);
}

test('a site manager exports last month as Excel and as CSV and opens both, on a phone (sv, en)', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(PHONE);
  const { property } = await meteredProperty(page);
  const main = page.getByRole('main');

  await page.goto(`/portal/property/${property.id}/data`);
  await expect(main.getByRole('heading', { level: 1, name: 'Vallmon 3' })).toBeVisible();
  const form = main.getByRole('form', { name: SV.form });
  await expect(form.getByRole('radio', { name: 'Alla utrymmen', exact: true })).toBeChecked();
  await expect(form.getByText(/^Filen får en rad per mätare och dag\./)).toBeVisible();
  await expectNoSeriousAccessibilityProblems(page, 'export: the form (sv)');
  await expectNoSidewaysOverflow(page, 'export: the form at 360 px (sv)');

  await exportLastMonth(page, SV);
  const history = main.getByRole('region', { name: SV.history, exact: true });
  await expect(history).toContainText('Filerna sparas i 30 dagar');
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expect(history.getByRole('listitem').first()).toContainText('Format: CSV');
  await expect(history.getByRole('listitem').nth(1)).toContainText('Format: Excel');
  await expectNoSeriousAccessibilityProblems(page, 'export: the history (sv)');
  await expectNoSidewaysOverflow(page, 'export: the history at 360 px (sv)');

  // In English: the files' headers and numbers in English too.
  await page.evaluate(() => window.localStorage.setItem('language', 'en'));
  await page.reload();
  await expect(main.getByRole('form', { name: EN.form })).toBeVisible();
  await exportLastMonth(page, EN);
  await expect(
    main.getByRole('region', { name: EN.history, exact: true }).getByRole('listitem'),
  ).toHaveCount(4);
  await expectNoSeriousAccessibilityProblems(page, 'export (en)');
  await expectNoSidewaysOverflow(page, 'export at 360 px (en)');
});
