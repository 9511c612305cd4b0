import { describe, expect, it } from 'vitest';
import { lazyPart } from './lazy-part.ts';

const Part = () => null;

describe('lazyPart', () => {
  it('downloads once for every caller', async () => {
    let calls = 0;
    const part = lazyPart(async () => {
      calls += 1;
      return Part;
    });
    expect(part.loaded()).toBeNull();
    const [a, b] = await Promise.all([part.preload(), part.preload()]);
    expect(a).toBe(Part);
    expect(b).toBe(Part);
    expect(part.loaded()).toBe(Part);
    await part.preload();
    expect(calls).toBe(1);
  });

  it('forgets a failed download, so the next try fetches again', async () => {
    let calls = 0;
    const part = lazyPart(async () => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
      return Part;
    });
    await expect(part.preload()).rejects.toThrow('offline');
    expect(part.loaded()).toBeNull();
    await expect(part.preload()).resolves.toBe(Part);
    expect(calls).toBe(2);
  });
});
