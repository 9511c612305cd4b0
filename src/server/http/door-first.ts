import type { MiddlewareHandler } from 'hono';
import { AppError } from '../errors.ts';
import type { AppEnv } from './context.ts';

/**
 * The door outranks new answers (docs/decisions/0037-door-first.md): they share this process's event loop and
 * PostgreSQL, and a scan must not wait behind a rush of answers. While the door is busy, new answers start one
 * after another at a rate set by how long the door waits, and one that would wait too long is refused before
 * anything of it is read. Without door traffic the gate costs one comparison.
 */

/** How long after the last check-in request the door counts as busy. */
export const DOOR_ACTIVE_MS = 3_000;
/** The loop is sampled by a timer this often… */
export const TICK_MS = 10;
/** …and the answers' rate set again after each window of this length. */
export const WINDOW_MS = 100;
/** A timer may fire this late before it counts as late (a scan waits about as long)… */
export const LATE_BUDGET_MS = 4;
/** …and a window with this many late timers slows answers down (one is a pause, not a rush). */
export const LATE_TICKS = 2;
/**
 * A check-in request that took longer than this (its handler, database included) counts as slow: about twice a
 * scan's own time with nothing beside it, so answers give way before the door's p95 doubles… */
export const DOOR_SLOW_MS = 4;
/** …and a window with this many slow ones slows answers down as a late loop does. */
export const SLOW_DOORS = 2;
/** Answers a second: where the pacing starts when the door gets busy, and its ceiling. */
export const MAX_RATE = 400;
/** The floor: a rush at the door still lets some answers through. */
export const MIN_RATE = 10;
/** Answers a second added after each calm window. */
export const RATE_STEP = 10;
/** Longest wait in line; a later answer is refused (503) rather than held longer. */
export const MAX_WAIT_MS = 8_000;
/** Retry-After of that refusal, in seconds. */
export const BUSY_RETRY_AFTER_S = 5;

export const ANSWERS_BUSY_MESSAGE = 'Many guests are answering right now. Please send your answer again in a few seconds.';

export type DoorFirstClock = {
  now(): number;
  setTimeout(fn: () => void, ms: number): { unref?(): unknown };
  clearTimeout(handle: unknown): void;
};

export const realClock: DoorFirstClock = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/**
 * Every TICK_MS from `from`: how late the timer fired (what a request arriving then waits before its handler
 * starts), to `onTick`, until it returns false. Each new timer goes to `keep`, for the caller's close().
 * Shared by this gate and http/answers-first.ts.
 */
export function sampleLoop(
  clock: Pick<DoorFirstClock, 'now' | 'setTimeout'>,
  from: number,
  onTick: (lateMs: number, now: number) => boolean,
  keep: (timer: unknown) => void,
) {
  const timer = clock.setTimeout(() => {
    const now = clock.now();
    if (onTick(Math.max(0, now - from - TICK_MS), now)) sampleLoop(clock, now, onTick, keep);
  }, TICK_MS);
  timer.unref?.();
  keep(timer);
}

export class DoorFirst {
  private lastDoorAt = Number.NEGATIVE_INFINITY;
  /** Answers a second while the door is busy. */
  private rate = MAX_RATE;
  /** When the next answer may start. */
  private nextSlotAt = 0;
  private readonly line: (() => void)[] = [];
  private releaseTimer: unknown;
  private tickTimer: unknown;
  private windowStart = 0;
  private windowLateTicks = 0;
  private windowMaxLate = 0;
  private windowSlowDoors = 0;
  private windowDoors = 0;
  private counts = { queued: 0, refused: 0 };

  constructor(private readonly clock: DoorFirstClock = realClock) {}

  /** A check-in request arrived: the door is busy for the next DOOR_ACTIVE_MS. */
  doorSeen() {
    const now = this.clock.now();
    this.lastDoorAt = now;
    this.windowDoors++;
    // Not yet sampling: a new busy spell. (A spell that just ran out keeps its timer until its next tick.)
    if (this.tickTimer === undefined) {
      this.rate = MAX_RATE;
      this.windowStart = now;
      this.windowLateTicks = 0;
      this.windowMaxLate = 0;
      this.windowSlowDoors = 0;
      this.windowDoors = 1;
      this.tick(now);
    }
  }

  /** A check-in request ended after `ms`: slow ones (the database or the loop behind) slow answers down. */
  doorTook(ms: number) {
    if (ms > DOOR_SLOW_MS) this.windowSlowDoors++;
  }

  /** Answers a second allowed now (MAX_RATE while the door is quiet). */
  get currentRate(): number {
    return this.rate;
  }

  /** Answers that waited in line, and answers refused as too many, since start (GET /metrics). */
  get answerCounts(): Readonly<{ queued: number; refused: number }> {
    return this.counts;
  }

  /**
   * Before a new answer is read: undefined when it may start now, else a promise that resolves at its turn.
   * Throws the 503 when its turn is further off than MAX_WAIT_MS.
   */
  admit(): Promise<void> | undefined {
    const now = this.clock.now();
    if (!this.active(now)) return undefined;
    const gap = 1000 / this.rate;
    if (this.line.length === 0 && now >= this.nextSlotAt) {
      this.nextSlotAt = now + gap;
      return undefined;
    }
    const turn = Math.max(now, this.nextSlotAt) + this.line.length * gap;
    if (turn - now > MAX_WAIT_MS) {
      this.counts.refused++;
      throw new AppError('unavailable', ANSWERS_BUSY_MESSAGE, undefined, { 'Retry-After': String(BUSY_RETRY_AFTER_S) });
    }
    this.counts.queued++;
    return new Promise<void>((resolve) => {
      this.line.push(resolve);
      this.scheduleRelease();
    });
  }

  /** Stops the timers (the app's close()); answers still in line start at once. */
  close() {
    this.lastDoorAt = Number.NEGATIVE_INFINITY;
    this.clock.clearTimeout(this.tickTimer);
    this.tickTimer = undefined;
    this.releaseAll();
  }

  /** How late one sample of the loop fired (ms); exposed for the tests' clock. */
  observeLateness(lateMs: number, now = this.clock.now()) {
    if (lateMs > LATE_BUDGET_MS) this.windowLateTicks++;
    this.windowMaxLate = Math.max(this.windowMaxLate, lateMs);
    if (now - this.windowStart < WINDOW_MS) return;
    // Only a window with check-ins in it can slow answers: a burst of answers with no scan to delay holds its pace.
    const late = this.windowLateTicks >= LATE_TICKS || this.windowSlowDoors >= SLOW_DOORS;
    if (late && this.windowDoors > 0) this.rate = Math.max(MIN_RATE, this.rate / 2);
    else if (!late && this.windowMaxLate < LATE_BUDGET_MS / 2 && this.windowSlowDoors === 0)
      this.rate = Math.min(MAX_RATE, this.rate + RATE_STEP);
    this.windowStart = now;
    this.windowLateTicks = 0;
    this.windowMaxLate = 0;
    this.windowSlowDoors = 0;
    this.windowDoors = 0;
  }

  private active(now: number) {
    return now - this.lastDoorAt < DOOR_ACTIVE_MS;
  }

  /** Samples the loop while the door is busy; when it is quiet again, lets the line go. */
  private tick(from: number) {
    sampleLoop(
      this.clock,
      from,
      (lateMs, now) => {
        if (!this.active(now)) {
          this.tickTimer = undefined;
          this.rate = MAX_RATE;
          this.releaseAll();
          return false;
        }
        this.observeLateness(lateMs, now);
        return true;
      },
      (timer) => {
        this.tickTimer = timer;
      },
    );
  }

  private scheduleRelease() {
    if (this.releaseTimer !== undefined) return;
    const wait = Math.max(0, this.nextSlotAt - this.clock.now());
    this.releaseTimer = this.clock.setTimeout(() => {
      this.releaseTimer = undefined;
      const next = this.line.shift();
      if (!next) return;
      this.nextSlotAt = this.clock.now() + 1000 / this.rate;
      next();
      if (this.line.length) this.scheduleRelease();
    }, wait);
  }

  private releaseAll() {
    this.clock.clearTimeout(this.releaseTimer);
    this.releaseTimer = undefined;
    for (const go of this.line.splice(0)) go();
  }
}

/** On the check-in routes, after sign-in: a signed-in door's request marks the door busy. */
export const doorRequest: MiddlewareHandler<AppEnv> = async (c, next) => {
  const gate = c.get('deps').doorFirst;
  gate.doorSeen();
  const started = performance.now();
  await next();
  // Not the live stream: it stays open for as long as the device watches.
  if (!c.req.path.endsWith('/stream')) gate.doorTook(performance.now() - started);
};

/**
 * On the new-answer route, before its body is read: waits for the answer's turn while the door is busy; then,
 * while it is handled, event-page views yield to it (http/answers-first.ts).
 */
export const answerAfterTheDoor: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method !== 'POST') return next();
  const deps = c.get('deps');
  const turn = deps.doorFirst.admit();
  if (turn) await turn;
  deps.answersFirst.answerStarted();
  try {
    await next();
  } finally {
    deps.answersFirst.answerEnded();
  }
};
