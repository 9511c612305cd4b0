import { type DoorFirstClock, LATE_BUDGET_MS, LATE_TICKS, realClock, sampleLoop, WINDOW_MS } from './door-first.ts';

/**
 * New answers outrank page views (docs/decisions/0040-answers-first.md): on launch day both share this process's
 * event loop, and a page view can wait a turn where an answer's wait loses a guest. While an answer is in
 * flight and the loop runs late, each turn of the loop starts only so many event-page views; the rest wait for
 * the next turn. The number halves after each late window and grows by one after each calm one, so page views
 * get back what the answers leave. Without an answer in flight the gate costs one comparison.
 */

/** Page views started per turn when the loop keeps up: as good as no limit. */
export const MAX_PER_TURN = 64;
/** How long after the last answer started the limit is kept (answers come in waves a few ms apart). */
export const ANSWERS_QUIET_MS = 1_000;

export type AnswersFirstClock = DoorFirstClock & {
  /** Runs `fn` on the loop's next turn, after what is ready now (setImmediate). */
  nextTurn(fn: () => void): void;
};

const answersClock: AnswersFirstClock = { ...realClock, nextTurn: (fn) => setImmediate(fn) };

export class AnswersFirst {
  private answers = 0;
  private lastAnswerAt = Number.NEGATIVE_INFINITY;
  /** Page views that may start in one turn of the loop while answers are in flight. */
  private perTurn = MAX_PER_TURN;
  private readonly line: (() => void)[] = [];
  private turnScheduled = false;
  private tickTimer: unknown;
  private windowStart = 0;
  private windowLateTicks = 0;
  private windowMaxLate = 0;
  private held = 0;

  constructor(private readonly clock: AnswersFirstClock = answersClock) {}

  /** An answer's handler starts: page views may yield until it ends. */
  answerStarted() {
    this.answers++;
    this.lastAnswerAt = this.clock.now();
    if (this.tickTimer === undefined) {
      this.windowStart = this.lastAnswerAt;
      this.windowLateTicks = 0;
      this.windowMaxLate = 0;
      this.tick(this.windowStart);
    }
  }

  /** The answer's handler ended (answered or failed). */
  answerEnded() {
    this.answers = Math.max(0, this.answers - 1);
  }

  /** Page views that may start in one turn now (MAX_PER_TURN: no limit). */
  get currentPerTurn(): number {
    return this.perTurn;
  }

  /** Page views that waited for a later turn, since start (GET /metrics). */
  get heldPageViews(): number {
    return this.held;
  }

  /** Before an event page is built: undefined when it may start now, else a promise that resolves on its turn. */
  pageView(): Promise<void> | undefined {
    if (this.answers === 0 || this.perTurn >= MAX_PER_TURN) return undefined;
    this.held++;
    return new Promise<void>((resolve) => {
      this.line.push(resolve);
      this.scheduleTurn();
    });
  }

  /** How late one sample of the loop fired (ms); exposed for the tests' clock. */
  observeLateness(lateMs: number, now = this.clock.now()) {
    if (lateMs > LATE_BUDGET_MS) this.windowLateTicks++;
    this.windowMaxLate = Math.max(this.windowMaxLate, lateMs);
    if (now - this.windowStart < WINDOW_MS) return;
    if (this.windowLateTicks >= LATE_TICKS) this.perTurn = Math.max(1, Math.floor(this.perTurn / 2));
    else if (this.windowMaxLate < LATE_BUDGET_MS / 2) this.perTurn = Math.min(MAX_PER_TURN, this.perTurn + 1);
    this.windowStart = now;
    this.windowLateTicks = 0;
    this.windowMaxLate = 0;
  }

  /** Stops the timer (the app's close()); page views still waiting start at once. */
  close() {
    this.answers = 0;
    this.lastAnswerAt = Number.NEGATIVE_INFINITY;
    this.clock.clearTimeout(this.tickTimer);
    this.tickTimer = undefined;
    this.perTurn = MAX_PER_TURN;
    for (const go of this.line.splice(0)) go();
  }

  /** Samples the loop while answers come; a second after the last one started, the limit is lifted. */
  private tick(from: number) {
    sampleLoop(
      this.clock,
      from,
      (lateMs, now) => {
        if (this.answers === 0 && now - this.lastAnswerAt >= ANSWERS_QUIET_MS) {
          this.tickTimer = undefined;
          this.perTurn = MAX_PER_TURN;
          this.scheduleTurn();
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

  private scheduleTurn() {
    if (this.turnScheduled || this.line.length === 0) return;
    this.turnScheduled = true;
    this.clock.nextTurn(() => {
      this.turnScheduled = false;
      for (const go of this.line.splice(0, this.answers === 0 ? this.line.length : this.perTurn)) go();
      this.scheduleTurn();
    });
  }
}
