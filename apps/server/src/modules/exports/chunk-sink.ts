// The stream an export file is written into: bytes gathered into pieces of about a megabyte, each
// saved (a row of data_export_chunks) before more is taken, so the file is never in memory and a
// writer that outruns the database waits (the stream's backpressure). A save that fails does not
// error the stream: the writers upstream (csv-stringify, exceljs' zip) would wait for a 'drain'
// that never comes, or reject where nothing listens. The sink keeps the failure, takes (and drops)
// the rest, and the build asks for it after every page (`failure`).
import { Writable } from 'node:stream';

export const CHUNK_BYTES = 1024 * 1024;

export type ChunkSinkOptions = {
  /** Saves piece number `seq` (0, 1, …); the next waits until it has. */
  save(seq: number, bytes: Buffer): Promise<void>;
  chunkBytes?: number;
};

export class ChunkSink extends Writable {
  readonly #save: ChunkSinkOptions['save'];
  readonly #chunkBytes: number;
  #pending: Buffer[] = [];
  #pendingBytes = 0;
  #seq = 0;
  /** Bytes taken in all. */
  size = 0;
  /** The first save that failed; nothing is saved after it. */
  failure: unknown;

  constructor(options: ChunkSinkOptions) {
    const chunkBytes = options.chunkBytes ?? CHUNK_BYTES;
    // Taken up to a piece before the writer is told to wait.
    super({ highWaterMark: chunkBytes });
    this.#save = options.save;
    this.#chunkBytes = chunkBytes;
  }

  override _write(data: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void) {
    if (this.failure !== undefined) return done();
    this.size += data.length;
    this.#pending.push(data);
    this.#pendingBytes += data.length;
    if (this.#pendingBytes < this.#chunkBytes) return done();
    this.#flush().then(() => done());
  }

  override _final(done: (error?: Error | null) => void) {
    if (this.#pendingBytes === 0 || this.failure !== undefined) return done();
    this.#flush().then(() => done());
  }

  async #flush() {
    const bytes = Buffer.concat(this.#pending, this.#pendingBytes);
    this.#pending = [];
    this.#pendingBytes = 0;
    try {
      await this.#save(this.#seq++, bytes);
    } catch (error) {
      this.failure = error;
    }
  }
}
