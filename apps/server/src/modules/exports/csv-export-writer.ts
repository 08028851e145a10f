// An export as CSV that opens as columns in Excel of the file's language: Swedish with `;`
// between fields and a decimal comma, English with `,` and a point; UTF-8 with a BOM, which Excel
// needs to read å, ä, ö (DESIGN §4.4). Written through csv-stringify, which quotes what needs it,
// into a stream, waiting whenever the stream is full.
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { Language } from '@portal/contracts/domain';
import { stringify } from 'csv-stringify';
import { type Cell, neutraliseFormula, numberText } from './export-cells';
import type { ExportColumn } from './export-columns';
import { exportLabels } from './export-columns';
import type { ExportWriter } from './export-writer';

export function csvExportWriter(
  output: Writable,
  columns: readonly ExportColumn[],
  language: Language,
): ExportWriter {
  const labels = exportLabels(language);
  const stringifier = stringify({
    delimiter: language === 'sv' ? ';' : ',',
    bom: true,
    record_delimiter: 'windows',
  });
  const piped = stringifier.pipe(output);
  const finished = once(piped, 'finish');
  const text = (cell: Cell): string => {
    if (cell === null) return '';
    if (typeof cell === 'number') return numberText(cell, language);
    if (typeof cell === 'boolean') return cell ? labels.yes : labels.no;
    if (typeof cell === 'string') return neutraliseFormula(cell);
    return cell.text;
  };
  const write = async (record: string[]) => {
    if (!stringifier.write(record)) await once(stringifier, 'drain');
  };
  return {
    start: () => write(columns.map((column) => neutraliseFormula(column.header))),
    write: (row) => write(row.map(text)),
    async finish() {
      stringifier.end();
      await finished;
    },
  };
}
