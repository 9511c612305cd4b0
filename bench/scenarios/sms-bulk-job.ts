import { setTimeout as sleep } from 'node:timers/promises';
import { defineScenario } from '../lib/types.ts';
import { seedGuestList } from './_guest-list.ts';

const RECIPIENTS = 5_000;
/** How long the job's steady send rate is watched before it is cancelled. */
const WATCH_MS = 15_000;
/** docs/product.md#messaging: 5 a batch with a 1 s pause, so at most ~5 a second; below 3 the pacing is broken. */
const MIN_RATE = 3;

type State = { eventId: string; headers: Record<string, string>; jobId?: string };

/**
 * Bulk SMS of 5,000 recipients (docs/decisions/0017-sms.md): the POST that creates the job by filter (every guest; its
 * latency is the enqueue time: the job is counted and stored, the texts are queued by the workers),
 * then the job's steady rate of texts Twilio accepted (the real SDK against the tests' fake Twilio
 * API, each text's hand-off committed first: ADR 0017) over 15 s, read from the database; then the
 * job is cancelled.
 */
export default defineScenario<State>({
  name: 'Bulk SMS job (5,000 recipients)',
  target: { maxP99Ms: 2000 },
  targetSource: 'issue 16: enqueue time and steady send rate (~5/s by the batching)',
  writes: true,
  load: { connections: 1, amount: 1, warmup: 0 },
  async setup(ctx) {
    const { eventId, owner } = await seedGuestList(ctx, RECIPIENTS);
    return { eventId, headers: { cookie: owner.cookie, 'content-type': 'application/json' } };
  },
  requests(_ctx, state) {
    return {
      requests: [
        {
          method: 'POST',
          path: `/api/events/${state.eventId}/sms-jobs`,
          headers: state.headers,
          body: JSON.stringify({ filter: {}, message: 'Doors open at 7. See you there!' }),
        },
      ],
      onResponse: (status, body) => {
        if (status === 202) state.jobId = (JSON.parse(body) as { job: { id: string } }).job.id;
      },
    };
  },
  async verify(ctx, state, run) {
    if (!state.jobId) return { ok: false, detail: `no job created (${JSON.stringify(run.statusCodes)})` };
    const sent = async () =>
      (
        await ctx.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM sms_messages m JOIN outbox o ON o.id = m.outbox_id WHERE m.job_id = $1 AND o.status = 'sent'`,
          [state.jobId],
        )
      ).rows[0]!.n;
    // The first batches start within the job worker's poll; the rate is taken once texts flow.
    const deadline = Date.now() + 10_000;
    while ((await sent()) === 0 && Date.now() < deadline) await sleep(200);
    const n0 = await sent();
    const t0 = performance.now();
    await sleep(WATCH_MS);
    const n1 = await sent();
    const rate = (n1 - n0) / ((performance.now() - t0) / 1000);
    await ctx.api(`/api/sms-jobs/${state.jobId}/cancel`, { method: 'POST', user: await ctx.owner() });
    return {
      ok: run.ok === 1 && rate >= MIN_RATE,
      detail: `job of ${RECIPIENTS.toLocaleString('en-US')} created in ${Math.round(run.max)} ms; steady rate ${rate.toFixed(2)} texts/s over ${WATCH_MS / 1000} s (${n1 - n0} sent); ~${Math.round(RECIPIENTS / Math.max(rate, 0.01) / 60)} min for the whole job`,
    };
  },
});
