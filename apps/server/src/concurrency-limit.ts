// Runs at most a fixed number of tasks at once; the others wait their turn in arrival order. For
// work that holds much memory or a thread while it runs (a password hash holds both).

export class ConcurrencyLimit {
  #running = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error('the limit must be at least 1');
  }

  /** Tasks running now: never more than `limit`. */
  get running() {
    return this.#running;
  }

  /** Tasks waiting for a turn. */
  get waiting() {
    return this.#waiting.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#running < this.limit) this.#running++;
    // A finishing task hands its turn over without lowering the count, so a newcomer arriving
    // in between cannot slip past the ones already waiting.
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running--;
    }
  }
}
