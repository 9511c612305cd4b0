import { setTimeout as sleep } from 'node:timers/promises';
import { defineScenario } from '../lib/types.ts';
import { GUESTS, listenerPid, rssBytes, seedGuestList } from './_guest-list.ts';

/** Rows of the file: 100,000 (BENCH_IMPORT_ROWS for a smaller file, e.g. to see that memory does not grow with it). */
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? GUESTS);

const MB = 1024 * 1024;
/** docs/product.md#performance-targets: import of 100k rows ≤ 60 s, memory flat. */
const MAX_SECONDS = 60;
/**
 * The import job's memory is flat: its peak above the resident memory it starts with (the upload holds the file's bytes
 * and text while reading it, bounded by the 32 MB file limit, and is reported beside).
 */
const MAX_JOB_GROWTH = 75 * MB; // measured 49 MB for 20,000 rows and 55 MB for 100,000 (docs/measurements/guest-import.md)

type State = {
  eventId: string;
  headers: Record<string, string>;
  csv: string;
  pid: number | null;
  baseline: number;
  peak: number;
  timer?: NodeJS.Timeout;
  importId?: string;
};

/** A spreadsheet export of `n` guests as another tool writes it: a BOM, quoted names, some answers maybe or no. */
function guestFile(n: number): string {
  const lines = ['\uFEFF"Full name","Email address","Mobile","Party size","Attending","Notes","Barcode"'];
  for (let i = 1; i <= n; i++) {
    lines.push(
      `"Guest ${i}, Jr.",guest.${i}@example.com,+1 415 ${String(2000000 + i).slice(-7)},${1 + (i % 3)},${i % 10 === 0 ? 'no' : 'yes'},${i % 7 === 0 ? '"Aisle seat, please"' : ''},EB-${1000000 + i}`,
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * docs/product.md#performance-targets "import of 100k rows ≤ 60 s": a 100,000-row CSV (about 9 MB) uploaded to an
 * empty event (the measured request: read, checked, its rows kept), then the import started with the mapping the
 * server suggested and followed until the job is done; the server's resident memory is sampled every 20 ms. The
 * figure held to the target is upload + import, end to end.
 */
export default defineScenario<State>({
  name: 'Guest import (100k rows)',
  target: { maxP99Ms: MAX_SECONDS * 1000 },
  targetSource: 'product.md#performance-targets: import of 100k rows',
  writes: true,
  load: { connections: 1, amount: 1, warmup: 0, timeoutSeconds: MAX_SECONDS },
  async setup(ctx) {
    const { eventId, owner } = await seedGuestList(ctx, 0);
    const pid = listenerPid(Number(new URL(ctx.baseURL).port));
    const baseline = pid ? rssBytes(pid) : 0;
    return { eventId, headers: { ...owner.headers, 'content-type': 'text/csv' }, csv: guestFile(ROWS), pid, baseline, peak: baseline };
  },
  requests(_ctx, state) {
    if (state.pid && !state.timer) {
      const pid = state.pid;
      state.timer = setInterval(() => {
        state.peak = Math.max(state.peak, rssBytes(pid));
      }, 20);
    }
    return {
      requests: [
        { method: 'POST', path: `/api/events/${state.eventId}/guest-imports?name=bench.csv`, headers: state.headers, body: state.csv },
      ],
      onResponse: (status, body) => {
        if (status === 201) state.importId = (JSON.parse(body) as { import: { id: string } }).import.id;
      },
    };
  },
  async verify(ctx, state, run) {
    const stop = () => clearInterval(state.timer);
    if (!state.importId) {
      stop();
      return { ok: false, detail: `upload failed (${JSON.stringify(run.statusCodes)})` };
    }
    const owner = await ctx.owner();
    const path = `/api/events/${state.eventId}/guest-imports/${state.importId}`;
    type Imp = { mapping: unknown; status: string; done: number; counts: Record<string, number> };
    const uploaded = (await ctx.api<{ import: Imp }>(path, { user: owner })).import;
    const uploadPeak = state.peak;
    const jobBase = state.pid ? rssBytes(state.pid) : 0;
    state.peak = jobBase;
    const startedAt = performance.now();
    await ctx.api(`${path}/start`, { method: 'POST', body: { mapping: uploaded.mapping }, user: owner });
    let imp = uploaded;
    while (performance.now() - startedAt < 5 * MAX_SECONDS * 1000) {
      imp = (await ctx.api<{ import: Imp }>(path, { user: owner })).import;
      if (imp.status === 'done' || imp.status === 'failed') break;
      await sleep(250);
    }
    stop();
    const jobSeconds = (performance.now() - startedAt) / 1000;
    const total = run.p99 / 1000 + jobSeconds;
    const { rows } = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM event_rsvps WHERE event_id = $1', [state.eventId]);
    const jobGrowth = state.peak - jobBase;
    const ok = imp.status === 'done' && rows[0]!.n === ROWS && total <= MAX_SECONDS && (!state.pid || jobGrowth < MAX_JOB_GROWTH);
    const mb = (b: number) => `${(b / MB).toFixed(0)} MB`;
    return {
      ok,
      detail:
        `upload ${(run.p99 / 1000).toFixed(1)} s + import ${jobSeconds.toFixed(1)} s = ${total.toFixed(1)} s (limit ${MAX_SECONDS}); ` +
        `${rows[0]!.n.toLocaleString('en-US')} guests, counts ${JSON.stringify(imp.counts)}; ` +
        (state.pid
          ? `server RSS ${mb(state.baseline)}, upload peak ${mb(uploadPeak)} (file ${(state.csv.length / MB).toFixed(1)} MB); ` +
            `import from ${mb(jobBase)} to peak ${mb(state.peak)} (growth ${(jobGrowth / MB).toFixed(1)} MB, limit ${MAX_JOB_GROWTH / MB})`
          : 'server memory not measured'),
    };
  },
});
