// FreshSingleFlight: identical reads under way are shared, never answered from before a caller came.
import { describe, expect, it } from 'vitest';
import { FreshSingleFlight } from './fresh-single-flight';

/** A read the test ends by hand, counting how often one started. */
function reads() {
  const ends: ((value: number) => void)[] = [];
  const fails: ((error: Error) => void)[] = [];
  let started = 0;
  const read = () => {
    started += 1;
    const number = started;
    return new Promise<number>((resolve, reject) => {
      ends.push(() => resolve(number));
      fails.push(reject);
    });
  };
  return {
    read,
    started: () => started,
    end: async (index: number) => {
      ends[index]?.(0);
      await new Promise((resolve) => setImmediate(resolve));
    },
    fail: async (index: number) => {
      fails[index]?.(new Error('database gone'));
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

describe('reads shared while fresh', () => {
  it('callers arriving during a read share the next one, started when it ends', async () => {
    const flights = new FreshSingleFlight<number>();
    const source = reads();
    const first = flights.run('year', source.read);
    const second = flights.run('year', source.read);
    const third = flights.run('year', source.read);
    expect(source.started()).toBe(1);
    await source.end(0);
    expect(await first).toBe(1);
    // The two who came while the first read ran get a read that began after they asked.
    expect(source.started()).toBe(2);
    await source.end(1);
    expect([await second, await third]).toEqual([2, 2]);
    expect(flights.size).toBe(0);
  });

  it('keys do not share, and a caller after a read ends starts a new one', async () => {
    const flights = new FreshSingleFlight<number>();
    const source = reads();
    const year = flights.run('year', source.read);
    const day = flights.run('day', source.read);
    expect(source.started()).toBe(2);
    await source.end(0);
    await source.end(1);
    expect([await year, await day]).toEqual([1, 2]);
    const again = flights.run('year', source.read);
    expect(source.started()).toBe(3);
    await source.end(2);
    expect(await again).toBe(3);
  });

  it('a failed read fails its callers only; those waiting for the next read still get one', async () => {
    const flights = new FreshSingleFlight<number>();
    const source = reads();
    const first = flights.run('year', source.read);
    const second = flights.run('year', source.read);
    await source.fail(0);
    await expect(first).rejects.toThrow('database gone');
    await source.end(1);
    expect(await second).toBe(2);
    expect(flights.size).toBe(0);
  });
});
