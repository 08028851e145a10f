import { describe, expect, it } from 'vitest';
import { ConcurrencyLimit } from './concurrency-limit';

/** A task that ends when the test says so. */
function controlledTask() {
  let finish: (value: string) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const done = new Promise<string>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return { task: () => done, finish, fail };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('a concurrency limit', () => {
  it('starts tasks up to the limit and the rest in arrival order as others end', async () => {
    const limit = new ConcurrencyLimit(2);
    const tasks = Array.from({ length: 4 }, controlledTask);
    const started: number[] = [];
    const results = tasks.map((task, index) =>
      limit.run(() => {
        started.push(index);
        return task.task();
      }),
    );
    await turn();
    expect(started).toEqual([0, 1]);
    expect([limit.running, limit.waiting]).toEqual([2, 2]);

    tasks[1]?.finish('second');
    await turn();
    expect(started).toEqual([0, 1, 2]);
    expect(await results[1]).toBe('second');

    tasks[0]?.fail(new Error('first failed'));
    await expect(results[0]).rejects.toThrow('first failed');
    await turn();
    expect(started).toEqual([0, 1, 2, 3]);
    expect([limit.running, limit.waiting]).toEqual([2, 0]);

    tasks[2]?.finish('third');
    tasks[3]?.finish('fourth');
    expect(await Promise.all(results.slice(2))).toEqual(['third', 'fourth']);
    expect(limit.running).toBe(0);
  });

  it('refuses a limit below one', () => {
    expect(() => new ConcurrencyLimit(0)).toThrow();
  });
});
