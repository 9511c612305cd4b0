import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';
import { startPeriodic } from './periodic.ts';

describe('startPeriodic (every sweeper and poller)', () => {
  it('runs at once, keeps going after a failed run, and stop() waits for the run in progress', async () => {
    const runs: string[] = [];
    let release!: () => void;
    const third = new Promise<void>((r) => {
      release = r;
    });
    let reachedThird!: () => void;
    const atThird = new Promise<void>((r) => {
      reachedThird = r;
    });
    const task = startPeriodic({
      log: createLogger('silent'),
      everyMs: 1,
      failed: 'test run failed',
      run: async () => {
        runs.push(`run ${runs.length + 1}`);
        if (runs.length === 1) throw new Error('first run fails');
        if (runs.length === 3) {
          reachedThird();
          await third;
          runs.push('third finished');
        }
      },
    });
    await atThird;
    const stopped = task.stop();
    release();
    await stopped;
    expect(runs).toEqual(['run 1', 'run 2', 'run 3', 'third finished']);
  });

  it('wake() runs again without waiting out the pause, also when it comes during a run', async () => {
    let runs = 0;
    const waiting = new Map<number, () => void>();
    const reached = (n: number) => new Promise<void>((r) => waiting.set(n, r));
    const second = reached(2);
    const third = reached(3);
    const task = startPeriodic({
      log: createLogger('silent'),
      everyMs: 3_600_000, // an hour: only wake() brings another run within the test
      failed: 'test run failed',
      run: async () => {
        runs++;
        if (runs === 1) await new Promise((r) => setImmediate(r)).then(() => task.wake()); // during the run
        waiting.get(runs)?.();
      },
    });
    await second; // the loop went round once the first run ended, without its pause
    await new Promise((r) => setImmediate(r)); // now it pauses
    task.wake();
    await third;
    await task.stop();
    expect(runs).toBe(3);
  });
});
