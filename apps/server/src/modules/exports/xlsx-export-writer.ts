// An export as an Excel workbook (exceljs' streaming writer, DESIGN §3): real numbers and dates
// (a bucket's wall-clock time, formatted as such), flags as true/false, the header bold and
// frozen. A sheet holds at most 1 048 576 rows: a longer export goes on in "Data 2", "Data 3",
// each with the header again. exceljs is loaded on the first workbook, not at the server's start.
import type { Writable } from 'node:stream';
import type { ExportResolution } from '@portal/contracts/exports';
import type { Worksheet } from 'exceljs';
import type { Cell } from './export-cells';
import type { ExportColumn } from './export-columns';
import type { ExportWriter } from './export-writer';

/** Excel's rows per sheet, the header included. */
export const XLSX_SHEET_ROWS = 1_048_576;

const DATE_FORMATS: Record<ExportResolution, string> = {
  hour: 'yyyy-mm-dd hh:mm',
  day: 'yyyy-mm-dd',
  month: 'yyyy-mm',
};

const cellValue = (cell: Cell) => {
  if (cell === null || typeof cell !== 'object') return cell;
  return cell.wallMs === undefined ? cell.text : new Date(cell.wallMs);
};

export async function xlsxExportWriter(
  output: Writable,
  columns: readonly ExportColumn[],
  resolution: ExportResolution,
  sheetName: string,
  options: { sheetRows?: number } = {},
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
    },
    async finish() {
      sheet?.commit();
      await workbook.commit();
    },
  };
}
