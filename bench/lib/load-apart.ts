import { forkSelf, isForkedAs } from './child.ts';
import { runLoad } from './load.ts';
import type { BenchRequest, Load, RunStats } from './types.ts';

type Job = { baseURL: string; requests: BenchRequest[]; load: Load; maxSeconds?: number };

/**
 * runLoad with a fixed list of requests (2xx counted as ok) in a process of its own: two loads at once in
 * the harness's one event loop are not independent clients, the faster one's responses delaying the other's
 * sends and readings (the launch mix's readers held its answers to one rate whatever the server did).
 */
export function runLoadApart(job: Job): Promise<RunStats> {
  const child = forkSelf(import.meta.url, '--run');
  return new Promise<RunStats>((resolve, reject) => {
    child.once('message', (m) => {
      const reply = m as { stats?: RunStats; error?: string };
      if (reply.stats) resolve(reply.stats);
      else reject(new Error(`load in its own process failed: ${reply.error}`));
    });
    child.once('exit', (code) => reject(new Error(`load in its own process exited (${code}) without a result`)));
    child.send(job);
  });
}

if (isForkedAs(import.meta.url, '--run')) {
  process.once('message', (m) => {
    const job = m as Job;
    runLoad({ baseURL: job.baseURL, plan: { requests: job.requests }, load: job.load, maxSeconds: job.maxSeconds }).then(
      (stats) => process.send?.({ stats }, () => process.exit(0)),
      (err: unknown) => process.send?.({ error: String(err) }, () => process.exit(1)),
    );
  });
}
