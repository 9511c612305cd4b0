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
});
