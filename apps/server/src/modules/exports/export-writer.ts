// What builds an export file from rows, whatever its style (csv-export-writer.ts,
// xlsx-export-writer.ts): a header, the rows in order, the end. Each waits while its output is
// full, so a file of any length is never held in memory.
import type { Cell } from './export-cells';

export type ExportWriter = {
  /** Writes the header row. */
  start(): Promise<void>;
  write(row: Cell[]): Promise<void>;
  /** Ends the file; resolves once all of it is in the output. */
  finish(): Promise<void>;
};
