import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { MarkSent } from './deliver-claimed.ts';
import type { DeliveredVia } from './deliver-message.ts';
import { BATCH_REST_RATIO, BUSY_LANE_WAIT_MS, type Clock, drain, type DrainDeps, MAX_BUSY_DEFER_MS, MAX_REST_MS } from './drain.ts';
import { CLAIM_BATCH, type Claimed, type OutboxStore } from './outbox-store.ts';

/**
 * The drain against a fake outbox and a virtual clock: time moves only when every lane waits on the
 * clock, to the next timer, so the order of events is the same on every run and no assertion is about
 * real time.
 */
class VirtualClock implements Clock {
  private t = 0;
  private timers: { at: number; seq: number; fire: () => void }[] = [];
  private seq = 0;
  readonly sleeps: number[] = [];

  now() {
    return this.t;
  }

  /** The drain's own pauses are recorded in `sleeps`; the fakes' work takes time through pass(). */
  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    this.sleeps.push(ms);
    return this.pass(ms, signal);
  }

  pass(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      if (signal?.aborted) return resolve();
      const timer = { at: this.t + ms, seq: this.seq++, fire: resolve };
      this.timers.push(timer);
      signal?.addEventListener('abort', () => {
        this.timers = this.timers.filter((x) => x !== timer);
        resolve();
      });
    });
  }

  /** Moves to the next timer and fires it; false when nothing waits on the clock. */
  advance(): boolean {
    this.timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
    const next = this.timers.shift();
    if (!next) return false;
    this.t = Math.max(this.t, next.at);
    next.fire();
    return true;
  }
}

/** Runs `work` to its end: lets every promise settle, then moves the clock, until it is done. */
async function run<T>(clock: VirtualClock, work: Promise<T>): Promise<T> {
  let outcome: { value: T } | { err: unknown } | undefined;
  work.then(
    (value) => {
      outcome = { value };
    },
    (err: unknown) => {
      outcome = { err };
    },
  );
  for (;;) {
    await new Promise((resolve) => setImmediate(resolve)); // every microtask chain has run
    if (outcome) {
      if ('err' in outcome) throw outcome.err;
      return outcome.value;
    }
    if (!clock.advance()) throw new Error('the drain waits for nothing the clock can give: stuck');
  }
}

const message = (n: number, o: Partial<Claimed> = {}): Claimed => ({
  id: `m${n}`,
  channel: 'email',
  idempotency_key: `key-${n}`,
  payload: { kind: 'test' } as unknown as Claimed['payload'],
  attempts: 1,
  created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, n)),
  age_ms: 0,
  ...o,
});

/** The outbox in memory: claims take the oldest CLAIM_BATCH due messages, as outbox-store.ts's do. */
class FakeStore implements OutboxStore {
  due: Claimed[];
  claims: { at: number; size: number; deliveredBefore: number }[] = [];
  markCalls = 0;
  readonly marked = new Map<string, DeliveredVia>();
  released: string[] = [];
  sweeps = 0;
  deliveredCount = () => 0;

  constructor(
    messages: Claimed[],
    private readonly clock: VirtualClock,
  ) {
    this.due = [...messages];
  }

  async sweep() {
    this.sweeps++;
  }

  async claim() {
    const taken = this.due.splice(0, CLAIM_BATCH);
    this.claims.push({ at: this.clock.now(), size: taken.length, deliveredBefore: this.deliveredCount() });
    await this.clock.pass(10); // the claim's round trip and synchronous commit
    return taken;
  }

  async markSent(sent: { m: Claimed; via: DeliveredVia }[]) {
    this.markCalls++;
    await this.clock.pass(2); // a statement's round trip
    for (const { m, via } of sent) {
      expect(this.marked.has(m.id), `${m.id} marked twice`).toBe(false);
      this.marked.set(m.id, via);
    }
    return sent.length;
  }

  async release(rest: Claimed[]) {
    this.released.push(...rest.map((m) => m.id));
    this.due.unshift(...rest);
  }
}

type Setup = {
  messages: Claimed[];
  lanes?: number;
  leaseMs?: number;
  /** Virtual ms one delivery takes. */
  deliveryMs?: number;
  /** Requests served by virtual time t (a steady rate makes the process busy). */
  requestsServed?: (t: number) => number;
  keptInMailbox?: (m: Claimed) => boolean;
  /** Called as each delivery starts (may throw, or abort the drain). */
  onDeliver?: (m: Claimed) => void;
  signal?: AbortSignal;
};

function setup(s: Setup) {
  const clock = new VirtualClock();
  const store = new FakeStore(s.messages, clock);
  const delivered: string[] = [];
  let active = 0;
  let maxActive = 0;
  store.deliveredCount = () => delivered.length;
  const deliver: DrainDeps['deliver'] = async (m: Claimed, _timeLeftMs: number, mark: MarkSent) => {
    s.onDeliver?.(m);
    active++;
    maxActive = Math.max(maxActive, active);
    await clock.pass(s.deliveryMs ?? 10);
    active--;
    delivered.push(m.id);
    return { marked: mark(m, 'smtp') };
  };
  const deps: DrainDeps = {
    store,
    deliver,
    keptInMailbox: s.keptInMailbox ?? (() => false),
    lanes: s.lanes ?? 4,
    leaseMs: s.leaseMs ?? 300_000,
    clock,
    requestsServed: s.requestsServed ? () => s.requestsServed!(clock.now()) : undefined,
    log: pino({ level: 'silent' }),
  };
  const start = () => run(clock, drain(deps, { signal: s.signal }));
  return { clock, store, delivered, start, maxActive: () => maxActive };
}

const many = (count: number, o: Partial<Claimed> = {}) => Array.from({ length: count }, (_, i) => message(i, o));
/** 100 requests a second: busy by BUSY_REQUESTS_PER_SECOND (20/s). */
const rush = (t: number) => Math.floor(t / 10) + 1;

describe('drain (fake outbox, virtual clock)', () => {
  it('delivers every due message across claims, up to `lanes` at once, each marked sent once, and counts them', async () => {
    const d = setup({ messages: many(2 * CLAIM_BATCH + 20), lanes: 4 });
    await expect(d.start()).resolves.toBe(2 * CLAIM_BATCH + 20);
    expect(d.store.sweeps).toBe(1);
    expect(d.delivered).toHaveLength(2 * CLAIM_BATCH + 20);
    expect(new Set(d.delivered).size).toBe(2 * CLAIM_BATCH + 20);
    expect([...d.store.marked.values()].every((via) => via === 'smtp')).toBe(true);
    expect(d.store.marked.size).toBe(2 * CLAIM_BATCH + 20);
    // Marks written while others came in go together: fewer statements than messages.
    expect(d.store.markCalls).toBeLessThan(2 * CLAIM_BATCH + 20);
    expect(d.maxActive()).toBe(4);
    expect(d.store.released).toEqual([]);
    expect(d.store.claims.map((c) => c.size)).toEqual([CLAIM_BATCH, CLAIM_BATCH, 20]);
  });

  it('claims the next batch while the last one goes out when the process is quiet', async () => {
    const d = setup({ messages: many(2 * CLAIM_BATCH), lanes: 4 });
    await d.start();
    // The second claim came when the queue fell to one message per lane, not after the whole batch.
    expect(d.store.claims[1]!.deliveredBefore).toBeLessThan(CLAIM_BATCH);
    expect(d.store.claims[1]!.deliveredBefore).toBeGreaterThanOrEqual(CLAIM_BATCH - 2 * 4);
    // A quiet process never rests between batches, and no lane waits.
    expect(d.clock.sleeps).toEqual([]);
  });

  it('keeps messages with no provider in the dev mailbox: marked sent at the claim, never delivered', async () => {
    const messages = [message(1, { channel: 'sms' }), message(2), message(3, { channel: 'sms' })];
    const d = setup({ messages, keptInMailbox: (m) => m.channel === 'sms' });
    await expect(d.start()).resolves.toBe(3);
    expect(d.delivered).toEqual(['m2']);
    expect(Object.fromEntries(d.store.marked)).toEqual({ m1: 'dev-mailbox', m2: 'smtp', m3: 'dev-mailbox' });
  });

  it('while the process is busy, one lane delivers, the others wait, and the drain rests after a full batch', async () => {
    const d = setup({ messages: many(CLAIM_BATCH + 5), lanes: 4, deliveryMs: 10, requestsServed: rush });
    await expect(d.start()).resolves.toBe(CLAIM_BATCH + 5);
    expect(d.maxActive()).toBe(1);
    expect(d.clock.sleeps).toContain(BUSY_LANE_WAIT_MS);
    // A batch of 50 one at a time takes 500 virtual ms: the rest is half that, capped.
    expect(Math.min(MAX_REST_MS, BATCH_REST_RATIO * CLAIM_BATCH * 10)).toBe(MAX_REST_MS);
    expect(d.clock.sleeps).toContain(MAX_REST_MS);
    // Busy, it does not claim ahead: the second claim waited for the whole first batch.
    expect(d.store.claims[1]!.deliveredBefore).toBe(CLAIM_BATCH);
  });

  it('traffic defers e-mail, never starves it: a message that waited MAX_BUSY_DEFER_MS gets every lane', async () => {
    const d = setup({ messages: many(20, { age_ms: MAX_BUSY_DEFER_MS + 1 }), lanes: 4, requestsServed: rush });
    await expect(d.start()).resolves.toBe(20);
    expect(d.maxActive()).toBe(4);
  });

  it('gives back a claimed message not started within half the lease', async () => {
    const d = setup({ messages: many(3), lanes: 1, leaseMs: 1000, deliveryMs: 400 });
    // m0 starts at 0, m1 at 400 (< 500), m2 would start at 800: past half the lease.
    await expect(d.start()).resolves.toBe(2);
    expect(d.delivered).toEqual(['m0', 'm1']);
    expect(d.store.released).toEqual(['m2']);
  });

  it('once aborted, ends after the deliveries in flight and gives back the rest', async () => {
    const controller = new AbortController();
    const d = setup({
      messages: many(5),
      lanes: 1,
      signal: controller.signal,
      onDeliver: (m) => {
        if (m.id === 'm1') controller.abort();
      },
    });
    await expect(d.start()).resolves.toBe(2);
    expect(d.delivered).toEqual(['m0', 'm1']);
    expect(d.store.released).toEqual(['m2', 'm3', 'm4']);
  });

  it('a failure stops every lane: what none started goes back and the error is raised', async () => {
    const d = setup({
      messages: many(10),
      lanes: 2,
      onDeliver: (m) => {
        if (m.id === 'm3') throw new Error('the database went away');
      },
    });
    await expect(d.start()).rejects.toThrow('the database went away');
    expect(d.delivered).toEqual(['m0', 'm1', 'm2']);
    expect([...d.store.marked.keys()].sort()).toEqual(['m0', 'm1', 'm2']);
    expect(d.store.released.sort()).toEqual(['m4', 'm5', 'm6', 'm7', 'm8', 'm9']);
  });
});
