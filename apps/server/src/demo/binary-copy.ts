// Rows in PostgreSQL's binary COPY format (the `PGCOPY` file format of the COPY documentation),
// for `COPY … FROM '/dev/blob' (format binary)` on PGlite: the server reads the values as they
// are, where text or CSV input spends most of its time parsing timestamps, uuids and floats.
// Only the column types the demo's readings and hourly rollups have.

/** A column's binary encoder: its byte length (-1: null) and how it writes itself. */
export type BinaryColumn<Row> =
  | { type: 'uuid'; value: (row: Row) => Uint8Array }
  | { type: 'timestamptz'; value: (row: Row) => number | null }
  | { type: 'float8'; value: (row: Row) => number }
  | { type: 'int2'; value: (row: Row) => number }
  | { type: 'bool'; value: (row: Row) => boolean };

const SIGNATURE = [0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00];
/** Signature, flags (int32) and header extension length (int32). */
const HEADER_BYTES = SIGNATURE.length + 8;
const WIDTH = { uuid: 16, timestamptz: 8, float8: 8, int2: 2, bool: 1 } as const;
/** PostgreSQL counts timestamps in microseconds from 2000-01-01 UTC. */
const POSTGRES_EPOCH_MS = Date.UTC(2000, 0, 1);
const TWO_TO_32 = 2 ** 32;

/** A uuid's 16 bytes, to encode once per device rather than once per row. */
export function uuidBytes(uuid: string): Uint8Array {
  return Uint8Array.from(Buffer.from(uuid.replaceAll('-', ''), 'hex'));
}

/** The rows as one binary COPY stream, columns in the order the COPY statement names them. */
export function encodeBinaryCopy<Row>(
  rows: readonly Row[],
  columns: readonly BinaryColumn<Row>[],
): Uint8Array {
  // Every row: a field count (int16), then per field its length (int32) and its bytes.
  const rowBytes = columns.reduce((sum, column) => sum + 4 + WIDTH[column.type], 2);
  const buffer = Buffer.alloc(HEADER_BYTES + rows.length * rowBytes + 2);
  buffer.set(SIGNATURE, 0);
  let at = HEADER_BYTES;
  for (const row of rows) {
    at = buffer.writeInt16BE(columns.length, at);
    for (const column of columns) at = writeField(buffer, at, column, row);
  }
  at = buffer.writeInt16BE(-1, at);
  return buffer.subarray(0, at);
}

function writeField<Row>(buffer: Buffer, at: number, column: BinaryColumn<Row>, row: Row) {
  switch (column.type) {
    case 'uuid':
      buffer.writeInt32BE(16, at);
      buffer.set(column.value(row), at + 4);
      return at + 20;
    case 'timestamptz': {
      const ms = column.value(row);
      if (ms === null) return buffer.writeInt32BE(-1, at);
      // An int64 of microseconds, written as two int32 halves: exact below 2^53 µs (year 2285),
      // and far cheaper than a BigInt per row.
      const micros = (ms - POSTGRES_EPOCH_MS) * 1000;
      const high = Math.floor(micros / TWO_TO_32);
      buffer.writeInt32BE(8, at);
      buffer.writeInt32BE(high, at + 4);
      buffer.writeUInt32BE(micros - high * TWO_TO_32, at + 8);
      return at + 12;
    }
    case 'float8':
      buffer.writeInt32BE(8, at);
      return buffer.writeDoubleBE(column.value(row), at + 4);
    case 'int2':
      buffer.writeInt32BE(2, at);
      return buffer.writeInt16BE(column.value(row), at + 4);
    case 'bool':
      buffer.writeInt32BE(1, at);
      return buffer.writeUInt8(column.value(row) ? 1 : 0, at + 4);
  }
}
