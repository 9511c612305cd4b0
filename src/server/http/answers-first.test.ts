import { describe, expect, it } from 'vitest';
import { fakeClock } from '../../../tests/support/fake-clock.ts';
import { ANSWERS_QUIET_MS, AnswersFirst, MAX_PER_TURN } from './answers-first.ts';
import { LATE_BUDGET_MS, TICK_MS, WINDOW_MS } from './door-first.ts';

/** Page views asked for now; `started` lists the ones whose turn came, in order. */
function ask(gate: AnswersFirst, n: number, started: number[], from = 0) {
  for (let i = from; i < from + n; i++) {
    const turn = gate.pageView();
    if (turn) turn.then(() => started.push(i));
    else started.push(i);
  }
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

/** Windows whose ticks all fire `late` ms late, through the gate's own timer. */
function lateWindows(advance: (ms: number, late?: number) => void, windows: number, late = LATE_BUDGET_MS + 1) {
  advance(windows * WINDOW_MS + TICK_MS, late);
}

/** Where each gate's sampled time stands in windows(). */
const sampledUntil = new WeakMap<AnswersFirst, number>();

/** `n` windows, each closed by two samples `late` ms late, with no timer run: the limit moves once per window. */
function windows(gate: AnswersFirst, clock: { now(): number }, n: number, late: number) {
  let t = sampledUntil.get(gate) ?? clock.now();
  for (let i = 0; i < n; i++) {
    gate.observeLateness(late, t + 1);
    t += WINDOW_MS;
    gate.observeLateness(late, t);
  }
  sampledUntil.set(gate, t);
}

describe('AnswersFirst: new answers outrank event-page views', () => {
  it('lets every page view start at once with no answer in flight, with no timer', () => {
    const { clock, pending } = fakeClock();
    const gate = new AnswersFirst(clock);
    for (let i = 0; i < 1_000; i++) expect(gate.pageView()).toBeUndefined();
    expect(pending()).toBe(0);
  });

  it('lets page views start at once beside answers while the loop keeps up', () => {
    const { clock, advance } = fakeClock();
    const gate = new AnswersFirst(clock);
    gate.answerStarted();
    advance(5 * WINDOW_MS);
    expect(gate.currentPerTurn).toBe(MAX_PER_TURN);
    for (let i = 0; i < 100; i++) expect(gate.pageView()).toBeUndefined();
    expect(gate.heldPageViews).toBe(0);
  });

  it('halves the page views per turn after each late window beside an answer, down to one', () => {
    const { clock, advance } = fakeClock();
    const gate = new AnswersFirst(clock);
    gate.answerStarted();
    lateWindows(advance, 1);
    expect(gate.currentPerTurn).toBe(MAX_PER_TURN / 2);
    lateWindows(advance, 2);
    expect(gate.currentPerTurn).toBe(MAX_PER_TURN / 8);
    lateWindows(advance, 10);
    expect(gate.currentPerTurn).toBe(1);
  });

  it('one late tick in a window changes nothing (a pause, not a rush)', () => {
    const { clock, advance } = fakeClock();
    const gate = new AnswersFirst(clock);
    gate.answerStarted();
    lateWindows(advance, 3);
    const before = gate.currentPerTurn;
    gate.observeLateness(LATE_BUDGET_MS + 5, clock.now());
    gate.observeLateness(0, clock.now() + WINDOW_MS);
    expect(gate.currentPerTurn).toBe(before);
  });

  it('starts that many page views per turn of the loop, in arrival order', async () => {
    const { clock, turn } = fakeClock();
    const gate = new AnswersFirst(clock);
    gate.answerStarted();
    windows(gate, clock, 5, LATE_BUDGET_MS + 1); // 64 → 2
    expect(gate.currentPerTurn).toBe(2);
    const started: number[] = [];
    ask(gate, 5, started);
    await flush();
    expect(started).toEqual([]);
    turn();
    await flush();
    expect(started).toEqual([0, 1]);
    turn();
    await flush();
    expect(started).toEqual([0, 1, 2, 3]);
    turn();
    await flush();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(gate.heldPageViews).toBe(5);
  });

  it('gives page views back one per turn after each calm window', () => {
    const { clock } = fakeClock();
    const gate = new AnswersFirst(clock);
    gate.answerStarted();
    windows(gate, clock, 10, LATE_BUDGET_MS + 1);
    expect(gate.currentPerTurn).toBe(1);
    windows(gate, clock, 3, 0);
    expect(gate.currentPerTurn).toBe(4);
    // A window late by less than the budget but more than half of it holds the limit where it is.
    windows(gate, clock, 2, LATE_BUDGET_MS * 0.75);
    expect(gate.currentPerTurn).toBe(4);
  });

  it('lets the waiting page views go on the next turn once no answer is in flight', async () => {
    const { clock, advance, turn } = fakeClock();
    const gate = new AnswersFirst(clock);
    gate.answerStarted();
    lateWindows(advance, 10);
    const started: number[] = [];
    ask(gate, 4, started);
    gate.answerEnded();
    turn();
    await flush();
    expect(started).toEqual([0, 1, 2, 3]);
    // No answer in flight: the next page view starts at once, though the limit is kept for a while.
    expect(gate.pageView()).toBeUndefined();
  });

  it('lifts the limit and stops its timer a second after the last answer', () => {
    const { clock, advance, pending } = fakeClock();
    const gate = new AnswersFirst(clock);
    gate.answerStarted();
    lateWindows(advance, 10);
    gate.answerEnded();
    advance(ANSWERS_QUIET_MS + TICK_MS, LATE_BUDGET_MS + 1);
    expect(gate.currentPerTurn).toBe(MAX_PER_TURN);
    expect(pending()).toBe(0);
    gate.answerStarted();
    expect(gate.currentPerTurn).toBe(MAX_PER_TURN);
    expect(gate.pageView()).toBeUndefined();
  });

  it('close() lets every waiting page view go and stops the timer', async () => {
    const { clock, advance, pending } = fakeClock();
    const gate = new AnswersFirst(clock);
    gate.answerStarted();
    lateWindows(advance, 10);
    const started: number[] = [];
    ask(gate, 3, started);
    gate.close();
    await flush();
    expect(started).toEqual([0, 1, 2]);
    expect(pending()).toBe(0);
  });
});
