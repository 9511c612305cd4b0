import { describe, expect, it } from 'vitest';
import { fakeClock } from '../../../tests/support/fake-clock.ts';
import { AppError } from '../errors.ts';
import {
  BUSY_RETRY_AFTER_S,
  DOOR_ACTIVE_MS,
  DOOR_SLOW_MS,
  DoorFirst,
  LATE_BUDGET_MS,
  MAX_RATE,
  MAX_WAIT_MS,
  MIN_RATE,
  RATE_STEP,
  TICK_MS,
  WINDOW_MS,
} from './door-first.ts';

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('DoorFirst: the door outranks new answers', () => {
  it('lets every answer start at once while the door is quiet, with no timer', () => {
    const { clock, pending } = fakeClock();
    const gate = new DoorFirst(clock);
    for (let i = 0; i < 1_000; i++) expect(gate.admit()).toBeUndefined();
    expect(pending()).toBe(0);
  });

  it('paces answers in arrival order while the door is busy', async () => {
    const { clock, advance } = fakeClock();
    const gate = new DoorFirst(clock);
    gate.doorSeen();
    expect(gate.admit()).toBeUndefined(); // the first takes the free slot
    const started: number[] = [];
    for (let i = 0; i < 3; i++) gate.admit()!.then(() => started.push(i));
    const gap = 1000 / MAX_RATE;
    advance(gap - 0.5);
    await flush();
    expect(started).toEqual([]);
    advance(0.5);
    await flush();
    expect(started).toEqual([0]);
    advance(2 * gap);
    await flush();
    expect(started).toEqual([0, 1, 2]);
    expect(gate.answerCounts.queued).toBe(3);
  });

  it('halves the rate after a window with a late loop, grows it after calm ones, within its bounds', () => {
    const { clock, advance } = fakeClock();
    const gate = new DoorFirst(clock);
    gate.doorSeen();
    expect(gate.currentRate).toBe(MAX_RATE);
    advance(WINDOW_MS + TICK_MS, LATE_BUDGET_MS + 1); // every tick fires late
    expect(gate.currentRate).toBe(MAX_RATE / 2);
    for (let i = 0; i < 20; i++) {
      gate.doorSeen();
      advance(WINDOW_MS, LATE_BUDGET_MS + 1);
    }
    expect(gate.currentRate).toBe(MIN_RATE);
    gate.doorSeen();
    advance(WINDOW_MS + TICK_MS); // on time
    expect(gate.currentRate).toBe(MIN_RATE + RATE_STEP);
  });

  it('halves the rate after a window with slow check-ins, even with the loop on time', () => {
    const { clock, advance } = fakeClock();
    const gate = new DoorFirst(clock);
    gate.doorSeen();
    gate.doorTook(DOOR_SLOW_MS + 1);
    advance(WINDOW_MS / 2);
    gate.doorTook(DOOR_SLOW_MS + 1);
    gate.doorTook(DOOR_SLOW_MS - 1); // a quick one changes nothing
    advance(WINDOW_MS / 2 + TICK_MS);
    expect(gate.currentRate).toBe(MAX_RATE / 2);
    gate.doorTook(DOOR_SLOW_MS + 1); // one slow check-in: no change, and no growth either
    advance(WINDOW_MS);
    expect(gate.currentRate).toBe(MAX_RATE / 2);
    advance(WINDOW_MS);
    expect(gate.currentRate).toBe(MAX_RATE / 2 + RATE_STEP);
  });

  it('holds the pace in a late window without check-ins: a burst of answers has no scan to delay', () => {
    const { clock, advance } = fakeClock();
    const gate = new DoorFirst(clock);
    gate.doorSeen();
    advance(WINDOW_MS + TICK_MS, LATE_BUDGET_MS + 1);
    expect(gate.currentRate).toBe(MAX_RATE / 2);
    advance(3 * WINDOW_MS, LATE_BUDGET_MS + 1); // still busy (the door was seen within DOOR_ACTIVE_MS), no scan since
    expect(gate.currentRate).toBe(MAX_RATE / 2);
  });

  it('does not slow answers for a single late timer (a pause, not a rush)', () => {
    const { clock, advance } = fakeClock();
    const gate = new DoorFirst(clock);
    gate.doorSeen();
    advance(TICK_MS, LATE_BUDGET_MS + 20); // one tick very late, the rest of the window on time
    advance(WINDOW_MS);
    expect(gate.currentRate).toBe(MAX_RATE);
  });

  it('refuses an answer whose turn is over MAX_WAIT_MS away with 503 and Retry-After', () => {
    const { clock, advance } = fakeClock();
    const gate = new DoorFirst(clock);
    gate.doorSeen();
    for (let i = 0; i < 20; i++) {
      gate.doorSeen();
      advance(WINDOW_MS, LATE_BUDGET_MS + 1);
    }
    expect(gate.currentRate).toBe(MIN_RATE);
    const fits = Math.floor((MAX_WAIT_MS * MIN_RATE) / 1000);
    let refused: unknown;
    for (let i = 0; i <= fits + 1 && !refused; i++) {
      try {
        gate.admit();
      } catch (err) {
        refused = err;
      }
    }
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(503);
    expect((refused as AppError).headers).toEqual({ 'Retry-After': String(BUSY_RETRY_AFTER_S) });
    expect(gate.answerCounts.refused).toBe(1);
  });

  it('lets the whole line go, and the rate back up, once the door is quiet', async () => {
    const { clock, advance } = fakeClock();
    const gate = new DoorFirst(clock);
    gate.doorSeen();
    advance(WINDOW_MS + TICK_MS, LATE_BUDGET_MS + 1);
    gate.admit();
    const started: number[] = [];
    for (let i = 0; i < 10; i++) gate.admit()!.then(() => started.push(i));
    advance(DOOR_ACTIVE_MS + TICK_MS);
    await flush();
    expect(started).toHaveLength(10);
    expect(gate.currentRate).toBe(MAX_RATE);
    expect(gate.admit()).toBeUndefined();
  });

  it('keeps one sampling timer when the door is busy again right after a quiet spell ran out', () => {
    const { clock, advance, pending } = fakeClock();
    const gate = new DoorFirst(clock);
    gate.doorSeen();
    advance(TICK_MS / 2);
    gate.doorSeen(); // the spell now ends between two ticks
    advance(DOOR_ACTIVE_MS + 2); // past its end, before the tick that would notice
    gate.doorSeen();
    expect(pending()).toBe(1);
    advance(TICK_MS);
    expect(pending()).toBe(1);
  });

  it('close() starts the answers still in line', async () => {
    const { clock } = fakeClock();
    const gate = new DoorFirst(clock);
    gate.doorSeen();
    gate.admit();
    const waiting = gate.admit()!;
    gate.close();
    await expect(waiting).resolves.toBeUndefined();
  });
});
