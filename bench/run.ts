// `npm run bench`: builds into .dist-bench, starts that build on a fresh database, runs every
// scenario in bench/scenarios/ with a same-run ceiling, prints the table, writes bench/results/*.json.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { measureInsertCeiling } from './lib/ceilings.ts';
import { perRequest, startCpuMeter } from './lib/cpu.ts';
import { FIRST_LOAD_BUDGET_BYTES, publicFirstLoads } from './lib/first-load-js.ts';
import { type Config, loadConfig, ROOT } from './lib/config.ts';
import { createContext } from './lib/context.ts';
import { runLoad } from './lib/load.ts';
import { loadScenarios, type LoadedScenario } from './lib/registry.ts';
import { cpuText, formatReport, judge, type ScenarioResult, type Startup, writeJson } from './lib/report.ts';
import { type BenchServer, excerpt, freePort, provisionDatabase, serverEnv, startServer } from './lib/server.ts';
import { startBenchSmtpSink } from './lib/smtp-sink.ts';
import { startFakeTwilio } from '../tests/support/fake-twilio.ts';
import { auditPage, findChrome, LIGHTHOUSE_VERSION, type LighthouseResult, lighthousePass, seedLighthousePages } from './lib/lighthouse.ts';
import type { BenchContext, Load } from './lib/types.ts';

const say = (msg: string) => console.error(msg);
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

class ServerDied extends Error {}

async function runScenario(
  ls: LoadedScenario,
  ctx: BenchContext,
  dbUrl: string,
  server: BenchServer,
  config: Config,
): Promise<ScenarioResult> {
  const s = ls.scenario;
  const load: Load = { duration: config.duration, connections: config.connections, warmup: config.warmup, ...s.load };
  const result: ScenarioResult = {
    name: s.name,
    file: ls.file,
    target: s.target,
    targetSource: s.targetSource,
    load,
    status: 'PASS',
    failures: [],
  };
  const abort = server.exited.catch((err: Error) => {
    throw new ServerDied(err.message);
  });
  abort.catch(() => {});
  let stop: (() => Promise<void>) | undefined;
  try {
    say(`▶ ${s.name} (${ls.file})`);
    const state = s.setup ? await s.setup(ctx) : undefined;
    if (s.teardown) stop = () => s.teardown!(ctx, state as never);
    const target = s.via ? s.via(ctx, state) : ctx.baseURL;

    const livez = { requests: [{ path: '/livez' }] };
    const ceilingLoad: Load = { connections: load.connections, duration: config.ceilingDuration, warmup: 0 };
    if (config.warmup > 0) await runLoad({ baseURL: ctx.baseURL, plan: livez, load: { ...ceilingLoad, duration: config.warmup }, abort });
    const ceilingCpu = await startCpuMeter(server.child.pid, ctx.db);
    result.ceiling = await runLoad({ baseURL: ctx.baseURL, plan: livez, load: ceilingLoad, abort });
    result.ceilingCpu = perRequest(await ceilingCpu(), result.ceiling.total);
    say(`    ceiling GET /livez: ${fmt(result.ceiling.rps)} req/s, p99 ${result.ceiling.p99.toFixed(2)} ms`);
    if (s.insertCeiling) {
      result.insertCeiling = await measureInsertCeiling(dbUrl, load.connections, config.ceilingDuration);
      say(`    ceiling raw INSERT: ${fmt(result.insertCeiling.rps)}/s`);
    }

    if (load.warmup > 0) {
      await runLoad({
        baseURL: target,
        plan: s.requests(ctx, state),
        load: { ...load, duration: load.warmup, amount: undefined },
        isOk: s.isOk?.bind(s),
        abort,
        maxSeconds: config.maxSeconds,
      });
    }
    const runCpu = await startCpuMeter(server.child.pid, ctx.db);
    const run = await runLoad({
      baseURL: target,
      plan: s.requests(ctx, state),
      load,
      isOk: s.isOk?.bind(s),
      abort,
      maxSeconds: config.maxSeconds,
    });
    result.run = run;
    result.cpu = perRequest(await runCpu(), run.total);
    result.ratio = result.ceiling.rps > 0 ? run.rps / result.ceiling.rps : undefined;
    say(
      `    ${fmt(run.rps)} req/s (${fmt(run.okRps)} ok/s), p50 ${run.p50.toFixed(2)} / p95 ${run.p95.toFixed(2)} / p99 ${run.p99.toFixed(2)} ms`,
    );
    if (result.cpu) say(`    CPU per request: ${cpuText(result.cpu, result.ceilingCpu)}`);
    if (s.verify) result.verify = await s.verify(ctx, state, run, result.cpu);
    result.failures = judge(s.target, run, result.verify);
    result.status = result.failures.length ? 'FAIL' : 'PASS';
  } catch (err) {
    if (err instanceof ServerDied) throw err;
    result.status = 'ERROR';
    result.error = err instanceof Error ? err.message : String(err);
    say(`    ERROR: ${result.error}`);
  } finally {
    await stop?.().catch((err: Error) => say(`    teardown: ${err.message}`));
  }
  return result;
}

/** Lighthouse's mobile audit of each public page, one after another; a string when it could not run. */
async function runLighthouse(ctx: BenchContext): Promise<LighthouseResult[] | string> {
  const chrome = findChrome();
  if (!chrome) return 'skipped: no Chromium (apt-get install chromium, or set CHROME_PATH)';
  say(`▶ Lighthouse ${LIGHTHOUSE_VERSION} (mobile) on the public pages, with ${chrome}`);
  const results: LighthouseResult[] = [];
  for (const page of await seedLighthousePages(ctx)) {
    const r = await auditPage(ctx.baseURL, page, chrome);
    say(`    ${page.page}: ${r.error ? `ERROR ${r.error}` : `performance ${r.performance}, accessibility ${r.accessibility}`}`);
    results.push(r);
  }
  return results;
}

function gitInfo() {
  try {
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: ROOT, encoding: 'utf8' }).trim().length > 0;
    return { commit, dirty };
  } catch {
    return undefined;
  }
}

async function main(): Promise<number> {
  const config = loadConfig();
  const scenarios = await loadScenarios(config.scenariosDir, config.only);
  const startedAt = new Date();
  const loadBefore = os.loadavg();
  say(
    `bench: ${scenarios.length} scenario(s), ${config.connections} connections, ${config.duration} s each ` +
      `(+${config.warmup} s warm-up, ceiling ${config.ceilingDuration} s); ${os.cpus().length} CPUs, load ${loadBefore.map((l) => l.toFixed(2)).join(' ')}`,
  );
  if (loadBefore[0]! > os.cpus().length * 0.5)
    say('bench: warning — the machine is already busy; figures will be noisy (compare ratios, not req/s).');

  const db = await provisionDatabase(config.databaseUrl, config.pgbouncer);
  const smtp = config.smtp ? await startBenchSmtpSink() : undefined;
  // SMS go through the real Twilio SDK to the tests' fake Twilio API, which accepts every text.
  const twilio = await startFakeTwilio();
  say(
    `bench: ${db.describe}; build ${path.relative(ROOT, config.distDir)}; e-mail ${smtp ? `over SMTP to a local sink (${smtp.url})` : 'kept in the dev mailbox (BENCH_SMTP=0)'}; SMS to a fake Twilio API (${twilio.url})`,
  );
  let server: BenchServer | undefined;
  let closeCtx: (() => Promise<void>) | undefined;
  let startup: Startup | undefined;
  let coldOutput = 0;
  const results: ScenarioResult[] = [];
  let harnessError: string | undefined;
  let lighthouse: LighthouseResult[] | string = 'off (BENCH_LIGHTHOUSE=0)';

  let cleaned: Promise<void> | undefined;
  const cleanup = () => {
    cleaned ??= (async () => {
      await closeCtx?.().catch(() => {});
      await server?.stop().catch((err: Error) => say(`bench: stopping the server: ${err.message}`));
      await db.dispose(config.keep).catch((err: Error) => say(`bench: cleanup: ${err.message}`));
      await smtp?.close();
      await twilio.close();
    })();
    return cleaned;
  };
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.once(sig, () => {
      say(`bench: ${sig}; stopping the server`);
      void cleanup().then(() => process.exit(130));
    });
  }

  try {
    const port = await freePort();
    const env = serverEnv(port, db, smtp?.url, twilio.url);
    // Cold start (fresh data dir: initdb + migrations), stop, then the warm start the bench runs on.
    const cold = await startServer({ distDir: config.distDir, env, port });
    coldOutput = cold.output.count;
    await cold.stop();
    server = await startServer({ distDir: config.distDir, env, port });
    startup = {
      coldMs: cold.startupMs,
      warmMs: server.startupMs,
      maxWarmMs: config.maxWarmStartMs,
      pass: server.startupMs < config.maxWarmStartMs,
    };
    say(`bench: server at ${server.baseURL}; start-up cold ${fmt(cold.startupMs)} ms, warm ${fmt(server.startupMs)} ms`);

    const handle = createContext({
      baseURL: server.baseURL,
      dbUrl: db.url,
      distDir: config.distDir,
      serverEnv: env,
      serverPid: server.child.pid,
    });
    closeCtx = handle.close;
    // First, on the quiet server: the load scenarios would leave work (e.g. e-mails) behind.
    if (config.lighthouse) lighthouse = await runLighthouse(handle.ctx);
    for (const ls of scenarios) results.push(await runScenario(ls, handle.ctx, db.url, server, config));
  } catch (err) {
    harnessError = err instanceof Error ? err.message : String(err);
  }
  await cleanup();
  const serverOutput = server?.output;

  const firstLoads = publicFirstLoads(path.join(config.distDir, 'client'));
  console.log('');
  console.log(formatReport(results, startup, firstLoads, lighthouse));
  const output = (serverOutput?.count ?? 0) + coldOutput;
  if (output > 0) {
    say(`\nbench: the server wrote ${output} line(s) at LOG_LEVEL=warn or above; excerpt:`);
    if (serverOutput) say(excerpt(serverOutput, 8, 6).replace(/^/gm, '  '));
  }
  const file = writeJson(config.resultsDir, {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      node: process.version,
      platform: `${os.platform()}-${os.arch()}`,
      loadBefore,
      loadAfter: os.loadavg(),
    },
    git: gitInfo(),
    config: {
      ...config,
      only: config.only.length ? config.only : undefined,
      database: config.databaseUrl ? 'BENCH_DATABASE_URL' : 'embedded',
      databaseUrl: undefined,
    },
    startup,
    firstLoads: firstLoads.map(({ page, files, gzipBytes }) => ({ page, files, gzipBytes })),
    lighthouse,
    scenarios: results,
    serverOutput: { count: output, first: serverOutput?.first ?? [], last: serverOutput?.lines ?? [] },
    harnessError,
  });
  console.log(`\nresults: ${path.relative(ROOT, file)}`);

  if (harnessError) {
    say(`bench: harness error: ${harnessError}`);
    return 1;
  }
  if (results.some((r) => r.status === 'ERROR')) return 1;
  const overBudget = firstLoads.some((fl) => fl.gzipBytes > FIRST_LOAD_BUDGET_BYTES);
  const lighthouseMissed = Array.isArray(lighthouse) && lighthouse.some((r) => !lighthousePass(r));
  if (config.strict && (results.some((r) => r.status === 'FAIL') || startup?.pass === false || overBudget || lighthouseMissed)) return 3;
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error('bench: harness error:', err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  },
);
