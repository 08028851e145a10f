// An export as an Excel workbook (exceljs' streaming writer, DESIGN §3): real numbers and dates
// (a bucket's wall-clock time, formatted as such), flags as true/false, the header bold and
// frozen. A sheet holds at most 1 048 576 rows: a longer export goes on in "Data 2", "Data 3",
// each with the header again. exceljs is loaded on the first workbook, not at the server's start.
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { ExportResolution } from '@portal/contracts/exports';
import type { Worksheet } from 'exceljs';
import { type Cell, roundForExport } from './export-cells';
import type { ExportColumn } from './export-columns';
import type { ExportWriter } from './export-writer';

/** Excel's rows per sheet, the header included. */
export const XLSX_SHEET_ROWS = 1_048_576;

const DATE_FORMATS: Record<ExportResolution, string> = {
  hour: 'yyyy-mm-dd hh:mm',
  day: 'yyyy-mm-dd',
  month: 'yyyy-mm',
};

/** Rows written between looks at the compressor's backlog. */
const ROWS_BETWEEN_WAITS = 1000;
/** Bytes of sheet XML the compressor may have queued before the writer waits for it. */
const BACKLOG_BYTES = 1024 * 1024;

/**
 * Waits while the compressor of the sheet has more than BACKLOG_BYTES queued. exceljs hands a
 * sheet's XML to the zip's compressor without backpressure (its StreamBuf writes and never waits),
 * so a sheet written faster than it is compressed piled up in memory (390 MB for 1.3 M rows,
 * measured). The compressor's input is a Node stream: its queued length is the backlog, and it says
 * 'drain' once that is gone. exceljs internals (`stream.pipes`), so a version that renames them
 * makes this wait nothing; xlsx-export-writer.test.ts notices.
 */
async function compressorCaughtUp(sheet: Worksheet, observe?: (queued: number) => void) {
  const pipes = (sheet as unknown as { stream?: { pipes?: Backlogged[] } }).stream?.pipes;
  for (const pipe of pipes ?? []) {
    // archiver's PassThrough comes from readable-stream, which has no writableLength.
    const queued = pipe.writableLength ?? pipe._writableState?.length ?? 0;
    observe?.(queued);
    if (queued > BACKLOG_BYTES) await once(pipe, 'drain');
  }
}

type Backlogged = NodeJS.WritableStream & {
  writableLength?: number;
  _writableState?: { length: number };
};

const cellValue = (cell: Cell) => {
  // Rounded as the CSV's are, so both files of one export sum alike.
  if (typeof cell === 'number') return roundForExport(cell);
  if (cell === null || typeof cell !== 'object') return cell;
  return cell.wallMs === undefined ? cell.text : new Date(cell.wallMs);
};

export async function xlsxExportWriter(
  output: Writable,
  columns: readonly ExportColumn[],
  resolution: ExportResolution,
  sheetName: string,
  options: {
    sheetRows?: number;
    /** Told the compressor's backlog (bytes) whenever the writer looks at it (tests). */
    observeBacklog?: (queued: number) => void;
  } = {},
): Promise<ExportWriter> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheetRows = options.sheetRows ?? XLSX_SHEET_ROWS;
  let sheet: Worksheet | undefined;
  let sheets = 0;
  let rowsInSheet = 0;

  const openSheet = () => {
    sheets += 1;
    sheet = workbook.addWorksheet(sheets === 1 ? sheetName : `${sheetName} ${sheets}`, {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    sheet.columns = columns.map((column) => ({
      width: column.width,
      style:
        column.kind === 'time'
          ? { numFmt: DATE_FORMATS[resolution] }
          : column.kind === 'number'
            ? { numFmt: '0.000' }
            : {},
    }));
    const header = sheet.addRow(columns.map((column) => column.header));
    header.font = { bold: true };
    header.commit();
    rowsInSheet = 1;
  };

  return {
    async start() {
      openSheet();
    },
    async write(row) {
      if (rowsInSheet >= sheetRows) {
        sheet?.commit();
        openSheet();
      }
      (sheet as Worksheet).addRow(row.map(cellValue)).commit();
      rowsInSheet += 1;
      if (rowsInSheet % ROWS_BETWEEN_WAITS === 0)
        await compressorCaughtUp(sheet as Worksheet, options.observeBacklog);
    },
    async finish() {
      sheet?.commit();
      await workbook.commit();
    },
  };
}
