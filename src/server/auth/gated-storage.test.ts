import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { GatedStorage, gatedRuns } from './gated-storage.ts';

describe('GatedStorage', () => {
  it('keeps its store across awaits, timers and nested runs, and is disabled once the last run ends', async () => {
    const a = new GatedStorage<string>();
    const b = new GatedStorage<string>();
    const disabled = vi.spyOn(a, 'disable');
    const seen: (string | undefined)[] = [];
    const before = gatedRuns();
    await a.run('outer', async () => {
      await sleep(1);
      seen.push(a.getStore());
      await b.run('inner', async () => {
        await Promise.resolve();
        setImmediate(() => seen.push(b.getStore()));
        await sleep(1);
        seen.push(a.getStore(), b.getStore());
      });
      expect(disabled).not.toHaveBeenCalled();
      await sleep(1);
      seen.push(a.getStore(), b.getStore());
    });
    expect(seen).toEqual(['outer', 'inner', 'outer', 'inner', 'outer', undefined]);
    expect(gatedRuns()).toBe(before);
    if (before === 0) expect(disabled).toHaveBeenCalled();
    expect(a.getStore()).toBeUndefined();
  });

  it('stays enabled while an overlapping run is in flight, and counts a failed run as ended', async () => {
    const s = new GatedStorage<number>();
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const long = s.run(1, async () => {
      await held;
      return s.getStore();
    });
    await expect(s.run(2, async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(() =>
      s.run(3, () => {
        throw new Error('sync');
      }),
    ).toThrow('sync');
    expect(s.run(4, () => s.getStore())).toBe(4);
    release();
    expect(await long).toBe(1);
    expect(gatedRuns()).toBe(0);
  });
});
