// The stream an export file is written into: bytes gathered into pieces of about a megabyte, each
// saved (a row of data_export_chunks) before more is taken, so the file is never in memory and a
// writer that outruns the database waits (the stream's backpressure).
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

  constructor(options: ChunkSinkOptions) {
    const chunkBytes = options.chunkBytes ?? CHUNK_BYTES;
    super({ highWaterMark: chunkBytes });
    this.#save = options.save;
    this.#chunkBytes = chunkBytes;
  }

  override _write(data: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void) {
    this.size += data.length;
    this.#pending.push(data);
    this.#pendingBytes += data.length;
    if (this.#pendingBytes < this.#chunkBytes) return done();
    this.#flush().then(() => done(), done);
  }

  override _final(done: (error?: Error | null) => void) {
    if (this.#pendingBytes === 0) return done();
    this.#flush().then(() => done(), done);
  }

  async #flush() {
    const bytes = Buffer.concat(this.#pending, this.#pendingBytes);
    this.#pending = [];
    this.#pendingBytes = 0;
    await this.#save(this.#seq++, bytes);
  }
}
