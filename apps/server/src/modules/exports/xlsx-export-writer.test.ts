// The XLSX writer holds no more than about a megabyte of a sheet however long it is: it waits for
// the zip's compressor, which exceljs feeds without backpressure (docs/export.md). Without the
// waits the backlog of this test reaches tens of megabytes, growing with the sheet.
import { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { ExportColumn } from './export-columns';
import { xlsxExportWriter } from './xlsx-export-writer';

const COLUMNS: ExportColumn[] = [
  { header: 'Time (Europe/Stockholm)', kind: 'time', width: 18 },
  { header: 'Area', kind: 'text', width: 20 },
  { header: 'Hot water (m³)', kind: 'number', width: 14 },
  { header: 'Estimated', kind: 'flag', width: 10 },
];
const ROWS = 40_000;

describe('the XLSX writer', () => {
  it('keeps the sheet it has not compressed yet under two megabytes', async () => {
    const received: Buffer[] = [];
    // An output that answers on a later turn, as a database insert of a chunk does.
    const output = new Writable({
      async write(chunk: Buffer, _encoding, done) {
        received.push(chunk);
        await nextTurn();
        done();
      },
    });
    const backlogs: number[] = [];
    const writer = await xlsxExportWriter(output, COLUMNS, 'hour', 'Data', {
      observeBacklog: (queued) => backlogs.push(queued),
    });
    await writer.start();
    for (let row = 0; row < ROWS; row++)
      await writer.write([
        { text: '', wallMs: Date.UTC(2026, 0, 1) + row * 3_600_000 },
        `Lgh ${1000 + (row % 300)}`,
        (row % 97) / 7,
        row % 5 === 0,
      ]);
    await writer.finish();
    // Looked at every thousand rows, and seen (the exceljs internals it reads are there).
    expect(backlogs).toHaveLength(ROWS / 1000);
    expect(Math.max(...backlogs)).toBeGreaterThan(0);
    expect(Math.max(...backlogs)).toBeLessThan(2 * 1024 * 1024);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(received) as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]?.rowCount).toBe(ROWS + 1);
    expect(workbook.worksheets[0]?.getRow(ROWS + 1).getCell(2).value).toBe('Lgh 1099');
  });
});
