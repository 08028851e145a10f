// Rows in PostgreSQL's binary COPY format (the `PGCOPY` file format of the COPY documentation),
// for `COPY … FROM '/dev/blob' (format binary)` on PGlite: the server reads the values as they
// are, where text or CSV input spends most of its time parsing timestamps, uuids and floats.
// The column types the telemetry tables have: the ingest's batches and the demo's year of readings
// and hourly rows go this way on PGlite (pglite-copy.ts).

/** A column: its type, and its value in row `row` (0 … count - 1; null only for timestamps). */
export type BinaryColumn =
  | { type: 'uuid'; value: (row: number) => Uint8Array }
  | { type: 'timestamptz'; value: (row: number) => number | null }
  | { type: 'float8'; value: (row: number) => number }
  | { type: 'int2'; value: (row: number) => number }
  | { type: 'bool'; value: (row: number) => boolean };

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

/** uuidBytes remembered per id: a batch names each device in many rows. */
export function uuidEncoder(): (uuid: string) => Uint8Array {
  const encoded = new Map<string, Uint8Array>();
  return (uuid) => {
    let bytes = encoded.get(uuid);
    if (!bytes) {
      bytes = uuidBytes(uuid);
      encoded.set(uuid, bytes);
    }
    return bytes;
  };
}

/** `count` rows as one binary COPY stream, columns in the order the COPY statement names them. */
export function encodeBinaryCopy(count: number, columns: readonly BinaryColumn[]): Uint8Array {
  // Every row: a field count (int16), then per field its length (int32) and its bytes.
  const rowBytes = columns.reduce((sum, column) => sum + 4 + WIDTH[column.type], 2);
  const bytes = new Uint8Array(HEADER_BYTES + count * rowBytes + 2);
  bytes.set(SIGNATURE, 0);
  // A DataView writes big-endian numbers without the bounds checks of Buffer's write methods.
  const view = new DataView(bytes.buffer);
  let at = HEADER_BYTES;
  for (let row = 0; row < count; row++) {
    view.setInt16(at, columns.length);
    at += 2;
    for (const column of columns) at = writeField(bytes, view, at, column, row);
  }
  view.setInt16(at, -1);
  return bytes.subarray(0, at + 2);
}

function writeField(
  bytes: Uint8Array,
  view: DataView,
  at: number,
  column: BinaryColumn,
  row: number,
): number {
  switch (column.type) {
    case 'uuid':
      view.setInt32(at, 16);
      bytes.set(column.value(row), at + 4);
      return at + 20;
    case 'timestamptz': {
      const ms = column.value(row);
      if (ms === null) {
        view.setInt32(at, -1);
        return at + 4;
      }
      // Not a time (NaN would be written as 2000-01-01): refused, as a text timestamp would be.
      if (!Number.isInteger(ms)) throw new RangeError(`${ms} is no time in milliseconds`);
      // An int64 of microseconds, written as two int32 halves: exact below 2^53 µs (year 2285),
      // and far cheaper than a BigInt per row.
      const micros = (ms - POSTGRES_EPOCH_MS) * 1000;
      const high = Math.floor(micros / TWO_TO_32);
      view.setInt32(at, 8);
      view.setInt32(at + 4, high);
      view.setUint32(at + 8, micros - high * TWO_TO_32);
      return at + 12;
    }
    case 'float8':
      view.setInt32(at, 8);
      view.setFloat64(at + 4, column.value(row));
      return at + 12;
    case 'int2':
      view.setInt32(at, 2);
      view.setInt16(at + 4, column.value(row));
      return at + 6;
    case 'bool':
      view.setInt32(at, 1);
      view.setUint8(at + 4, column.value(row) ? 1 : 0);
      return at + 5;
  }
}
