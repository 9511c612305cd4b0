import { runLoad } from '../lib/load.ts';
import { runLoadApart } from '../lib/load-apart.ts';
import type { BenchContext, RequestPlan } from '../lib/types.ts';
import { defineScenario } from '../lib/types.ts';
import { rsvpPlan, runLine } from './_rsvps.ts';

const READERS = 20;
const RSVPERS = 10;
/** Ratios of each side's solo rate the mix must keep (docs/product.md#performance-targets "launch day"). */
const MIN_READ_RATIO = 0.4;
const MIN_RSVP_RATIO = 0.6;
const MIN_RATIO_SUM = 1.0;
const MAX_P99_MS = 50;
/** Seats left must be exact on the page this soon after the last change. */
const SEATS_FRESH_MS = 1000;

const pageHeaders = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'gzip, br' };

type State = { eventId: string; path: string };

const readRequests = (s: State) => [{ path: s.path, headers: pageHeaders }];
const readPlan = (s: State): RequestPlan => ({ requests: readRequests(s) });

/** Longest wait for the server to deliver the e-mails an earlier run left queued. */
const SETTLE_MAX_MS = 120_000;

/**
 * Waits until no e-mail is waiting to be sent: each run then starts, as the readers' run did, on a
 * server that owes nothing to the one before (the RSVPs alone leave their confirmations queued, and
 * delivering them during the mix used to be billed to the mix). Returns the ms waited.
 */
async function settle(ctx: BenchContext): Promise<number> {
  const start = Date.now();
  for (;;) {
    const { rows } = await ctx.db.query<{ n: number }>("SELECT count(*)::int AS n FROM outbox WHERE status IN ('pending', 'sending')");
    if (rows[0]!.n === 0 || Date.now() - start > SETTLE_MAX_MS) return Date.now() - start;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function pageSeatsLeft(ctx: BenchContext, path: string): Promise<number | null> {
  const html = await ctx.api<string>(path, { headers: pageHeaders });
  const json = /<script type="application\/json" id="event-data">(.*?)<\/script>/s.exec(html)?.[1];
  return json ? (JSON.parse(json) as { seats_left: number | null }).seats_left : null;
}

/**
 * Launch day (ADR 0016): people read the event page (20 connections) while others answer (10
 * connections), on the same event, at once. The measured run is the readers alone; verify() runs the
 * RSVPs alone and then both together, all in this run (each on a server with no e-mail left to send
 * from the run before: settle), and holds the mix to its share of each solo rate, to p99 ≤ 50 ms on
 * both sides, and to seats left being exact on the page within a second.
 */
export default defineScenario<State>({
  name: 'launch mix (page readers + RSVPs on one event)',
  target: { maxP99Ms: MAX_P99_MS },
  targetSource: 'product.md#performance-targets: launch day (readers and RSVPs at once)',
  writes: true,
  load: { connections: READERS },
  async setup(ctx) {
    const owner = await ctx.owner();
    const { event } = await ctx.api<{ event: { id: string; slug: string } }>('/api/events', {
      user: owner,
      body: {
        title: 'Bench Launch Night',
        event_date: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        timezone: 'Europe/Berlin',
        location: 'Hall 1',
        max_attendees: 1_000_000,
      },
    });
    return { eventId: event.id, path: `/event/${event.slug}` };
  },
  requests: (_ctx, s) => readPlan(s),
  async verify(ctx, s, readSolo) {
    const duration = Math.max(1, Math.round(readSolo.seconds));
    const base = { baseURL: ctx.baseURL, maxSeconds: 120 };
    const isRsvpOk = (status: number) => status === 201;
    await runLoad({ ...base, plan: rsvpPlan(s.eventId, 'mix'), load: { connections: RSVPERS, duration: 2, warmup: 0 }, isOk: isRsvpOk });
    const settled = [await settle(ctx)];
    const rsvpSolo = await runLoad({
      ...base,
      plan: rsvpPlan(s.eventId, 'mix'),
      load: { connections: RSVPERS, duration, warmup: 0 },
      isOk: isRsvpOk,
    });
    settled.push(await settle(ctx));
    // The readers from a process of their own, as other people's phones: in this one they held the answers'
    // load generator to the harness's pace (lib/load-apart.ts).
    const [readMix, rsvpMix] = await Promise.all([
      runLoadApart({ ...base, requests: readRequests(s), load: { connections: READERS, duration, warmup: 0 } }),
      runLoad({ ...base, plan: rsvpPlan(s.eventId, 'mix'), load: { connections: RSVPERS, duration, warmup: 0 }, isOk: isRsvpOk }),
    ]);
    // In-flight answers may still commit after the load stops: wait until the counter is still, then
    // change it as another process would (SQL, no local drop) and time until the page shows it.
    let last = -1;
    for (;;) {
      const { rows } = await ctx.db.query<{ taken: number }>('SELECT seats_taken AS taken FROM events WHERE id = $1', [s.eventId]);
      if (rows[0]!.taken === last) break;
      last = rows[0]!.taken;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    await pageSeatsLeft(ctx, s.path);
    const { rows } = await ctx.db.query<{ left: number }>(
      'UPDATE events SET seats_taken = seats_taken + 1 WHERE id = $1 RETURNING max_attendees - seats_taken AS left',
      [s.eventId],
    );
    const changed = Date.now();
    let freshMs = Number.POSITIVE_INFINITY;
    while (Date.now() - changed <= SEATS_FRESH_MS && freshMs === Number.POSITIVE_INFINITY) {
      if ((await pageSeatsLeft(ctx, s.path)) === rows[0]!.left) freshMs = Date.now() - changed;
    }
    const fresh = freshMs <= SEATS_FRESH_MS;

    const readRatio = readMix.okRps / readSolo.okRps;
    const rsvpRatio = rsvpMix.okRps / rsvpSolo.okRps;
    const failures = [
      readRatio < MIN_READ_RATIO && `readers ${readRatio.toFixed(2)} < ${MIN_READ_RATIO}`,
      rsvpRatio < MIN_RSVP_RATIO && `RSVPs ${rsvpRatio.toFixed(2)} < ${MIN_RSVP_RATIO}`,
      readRatio + rsvpRatio < MIN_RATIO_SUM && `sum ${(readRatio + rsvpRatio).toFixed(2)} < ${MIN_RATIO_SUM}`,
      !(readMix.p99 <= MAX_P99_MS) && `readers p99 ${readMix.p99.toFixed(1)} ms > ${MAX_P99_MS}`,
      !(rsvpMix.p99 <= MAX_P99_MS) && `RSVPs p99 ${rsvpMix.p99.toFixed(1)} ms > ${MAX_P99_MS}`,
      !(rsvpSolo.p99 <= MAX_P99_MS) && `RSVPs alone p99 ${rsvpSolo.p99.toFixed(1)} ms > ${MAX_P99_MS}`,
      rsvpMix.ok === 0 && 'no RSVP succeeded in the mix',
      !fresh && `seats left not exact on the page ${SEATS_FRESH_MS} ms after a change`,
    ].filter((f): f is string => typeof f === 'string');
    const detail = [
      runLine('readers alone', readSolo),
      runLine('RSVPs alone', rsvpSolo),
      runLine('mix: readers', readMix),
      runLine('RSVPs', rsvpMix),
      `ratios ${readRatio.toFixed(2)} + ${rsvpRatio.toFixed(2)} = ${(readRatio + rsvpRatio).toFixed(2)}`,
      `queued e-mails delivered before each run in ${settled.map((ms) => (ms / 1000).toFixed(1)).join(' / ')} s`,
      fresh ? `seats left exact on the page ${freshMs} ms after another process's change` : '',
      ...failures,
    ]
      .filter(Boolean)
      .join('; ');
    ctx.log(`    ${detail}`);
    return { ok: failures.length === 0, detail };
  },
});
