import autocannon from 'autocannon';
import { runOpenLoop } from './open-loop.ts';
import { runStats } from './run-stats.ts';
import type { BenchRequest, Load, RequestPlan, RunStats } from './types.ts';

type AcRequest = NonNullable<autocannon.Options['requests']>[number];

function toAutocannon(r: BenchRequest): AcRequest {
  return { method: r.method ?? 'GET', path: r.path, headers: { ...r.headers }, body: r.body };
}

/**
 * One run against baseURL (127.0.0.1 only): autocannon as fast as `connections` allow, or, with
 * `load.overallRate`, a fixed arrival rate, open loop (open-loop.ts). Latency percentiles come from every
 * response (autocannon's own histogram has no p95), in ms.
 */
export async function runLoad(opts: {
  baseURL: string;
  plan: RequestPlan;
  load: Load;
  isOk?: (status: number) => boolean;
  /** Rejects when the server dies; the run is stopped then. */
  abort?: Promise<never>;
  /** Hard stop (a run with `amount` against a server that stops answering could otherwise last for hours). */
  maxSeconds?: number;
}): Promise<RunStats> {
  const { baseURL, plan, load } = opts;
  if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(baseURL)) throw new Error(`bench traffic goes only to 127.0.0.1 (got ${baseURL})`);
  const isOk = opts.isOk ?? ((s: number) => s >= 200 && s < 300);
  const rate = load.overallRate;
  if (rate) return runOpenLoop({ ...opts, load: { ...load, overallRate: rate }, isOk });
  const onResponse = plan.onResponse ? (status: number, body: string) => plan.onResponse?.(status, body) : undefined;
  let requests: AcRequest[];
  if ('next' in plan) {
    const next = plan.next;
    requests = [{ setupRequest: (req: AcRequest) => ({ ...req, ...toAutocannon(next()) }), onResponse }];
  } else {
    if (plan.requests.length === 0) throw new Error('a scenario returned no requests');
    requests = plan.requests.map((r) => ({ ...toAutocannon(r), onResponse }));
  }

  let latencies = new Float64Array(1 << 16);
  let n = 0;
  let ok = 0;
  let cutShort = false;
  const statusCodes: Record<string, number> = {};
  // autocannon notices that `amount` is reached only on its next one-second tick and reports that as
  // the run's duration (runs of 10,000 requests all came out at N.02–N.05 s, i.e. up to 5 % slow): the
  // run is timed here instead, from its start to its last response.
  const startedAt = performance.now();
  let lastResponseAt = startedAt;

  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: baseURL,
        connections: load.connections,
        duration: load.duration,
        amount: load.amount,
        overallRate: load.overallRate,
        requests,
        timeout: load.timeoutSeconds ?? 10,
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      if (n === latencies.length) {
        const grown = new Float64Array(latencies.length * 2);
        grown.set(latencies);
        latencies = grown;
      }
      latencies[n++] = ms;
      lastResponseAt = performance.now();
      if (isOk(status)) ok++;
      statusCodes[status] = (statusCodes[status] ?? 0) + 1;
    });
    opts.abort?.catch((err) => {
      instance.stop();
      reject(err);
    });
    if (opts.maxSeconds) {
      const timer = setTimeout(() => {
        cutShort = true;
        instance.stop();
      }, opts.maxSeconds * 1000);
      instance.on('done', () => clearTimeout(timer));
    }
  });

  const seconds = n > 0 ? (lastResponseAt - startedAt) / 1000 : result.duration;
  return runStats(
    latencies,
    { n, ok, non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts, statusCodes },
    seconds,
    cutShort ? opts.maxSeconds : undefined,
  );
}
