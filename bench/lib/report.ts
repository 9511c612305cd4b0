import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { InsertCeiling } from './ceilings.ts';
import type { CpuPerRequest } from './cpu.ts';
import { FIRST_LOAD_BUDGET_BYTES, type FirstLoad } from './first-load-js.ts';
import { LIGHTHOUSE_TARGET, type LighthouseResult, lighthousePass } from './lighthouse.ts';
import type { Load, RunStats, Target, VerifyResult } from './types.ts';

export type ScenarioResult = {
  name: string;
  file: string;
  target: Target;
  targetSource?: string;
  load: Load;
  /** GET /livez with the same connections and duration, right before the scenario. */
  ceiling?: RunStats;
  insertCeiling?: InsertCeiling;
  run?: RunStats;
  /** Scenario req/s ÷ ceiling req/s. */
  ratio?: number;
  /** CPU per answered request of the measured run and of the ceiling's (bench/lib/cpu.ts), in µs. */
  cpu?: CpuPerRequest;
  ceilingCpu?: CpuPerRequest;
  verify?: VerifyResult;
  status: 'PASS' | 'FAIL' | 'ERROR';
  failures: string[];
  error?: string;
};

/** "server 1,020 µs (12.0 × /livez's 85), PostgreSQL 310 µs": the measured run's CPU per request beside the ceiling's. */
export function cpuText(cpu: CpuPerRequest, ceiling: CpuPerRequest | undefined): string {
  const times =
    ceiling && ceiling.serverUs > 0 ? ` (${(cpu.serverUs / ceiling.serverUs).toFixed(1)} × /livez's ${int(ceiling.serverUs)})` : '';
  return `server ${int(cpu.serverUs)} µs${times}, PostgreSQL backends ${int(cpu.dbUs)} µs`;
}

export type Startup = { coldMs: number; warmMs: number; maxWarmMs: number; pass: boolean };

const int = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? '–' : Math.round(n).toLocaleString('en-US'));
const ms = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? '–' : n < 10 ? n.toFixed(2) : n.toFixed(1));

export function describeTarget(t: Target): string {
  const parts: string[] = [];
  if (t.minRps !== undefined) parts.push(`≥${int(t.minRps)}/s`);
  if (t.maxP95Ms !== undefined) parts.push(`p95≤${t.maxP95Ms}`);
  if (t.maxP99Ms !== undefined) parts.push(`p99≤${t.maxP99Ms}`);
  return parts.join(' ') || '–';
}

/** What missed: the target's bounds, connection errors, any 5xx, and the scenario's own verify(). */
export function judge(target: Target, run: RunStats, verify: VerifyResult | undefined): string[] {
  const f: string[] = [];
  if (target.minRps !== undefined && run.okRps < target.minRps) f.push(`ok/s ${int(run.okRps)} < ${int(target.minRps)}`);
  if (target.maxP95Ms !== undefined && !(run.p95 <= target.maxP95Ms)) f.push(`p95 ${ms(run.p95)} ms > ${target.maxP95Ms}`);
  if (target.maxP99Ms !== undefined && !(run.p99 <= target.maxP99Ms)) f.push(`p99 ${ms(run.p99)} ms > ${target.maxP99Ms}`);
  if (run.cutShortAfter) f.push(`stopped by the harness after ${run.cutShortAfter} s (BENCH_MAX_SECONDS)`);
  if (run.timeouts > 0) f.push(`${run.timeouts} requests got no answer within 10 s`);
  if (run.errors > run.timeouts) f.push(`${run.errors - run.timeouts} connection errors`);
  const fiveXx = Object.entries(run.statusCodes)
    .filter(([code]) => code.startsWith('5'))
    .reduce((sum, [, n]) => sum + n, 0);
  if (fiveXx > 0) f.push(`${fiveXx} × 5xx`);
  if (verify && !verify.ok) f.push(`verify: ${verify.detail ?? 'failed'}`);
  return f;
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 || i >= r.length - 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  const sep = widths.map((w) => '-'.repeat(w)).join('  ');
  return [line(rows[0]!), sep, ...rows.slice(1).map(line)].join('\n');
}

export function formatReport(
  results: ScenarioResult[],
  startup: Startup | undefined,
  firstLoads: FirstLoad[] = [],
  lighthouse: LighthouseResult[] | string = [],
): string {
  const header = [
    'scenario',
    'req/s',
    'ok/s',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'non-2xx',
    'ceiling/s',
    'ratio',
    'cpu µs',
    'db µs',
    '× livez',
    'target',
    'result',
  ];
  const rows = results.map((r) => {
    const run = r.run;
    const otherErrors = run ? run.errors - run.timeouts : 0;
    const non2xx = run
      ? `${int(run.non2xx)}${run.timeouts ? ` +${run.timeouts} t/o` : ''}${otherErrors ? ` +${otherErrors} err` : ''}`
      : '–';
    return [
      r.name,
      int(run?.rps),
      int(run?.okRps),
      ms(run?.p50),
      ms(run?.p95),
      ms(run?.p99),
      non2xx,
      int(r.ceiling?.rps),
      r.ratio === undefined ? '–' : r.ratio.toFixed(2),
      int(r.cpu?.serverUs),
      int(r.cpu?.dbUs),
      r.cpu && r.ceilingCpu && r.ceilingCpu.serverUs > 0 ? (r.cpu.serverUs / r.ceilingCpu.serverUs).toFixed(1) : '–',
      describeTarget(r.target),
      r.status,
    ];
  });
  const out = [table([header, ...rows])];
  const notes: string[] = [];
  for (const r of results) {
    if (r.ceiling) notes.push(`${r.name}: ceiling GET /livez ${int(r.ceiling.rps)}/s, p99 ${ms(r.ceiling.p99)} ms`);
    if (r.cpu) notes.push(`${r.name}: CPU per request ${cpuText(r.cpu, r.ceilingCpu)}`);
    if (r.insertCeiling) {
      const ic = r.insertCeiling;
      const ratio = r.run ? ` → ok/s ÷ insert ceiling = ${(r.run.okRps / ic.rps).toFixed(2)}` : '';
      notes.push(`${r.name}: raw INSERT ceiling (pg, ${ic.connections} conns) ${int(ic.rps)}/s, p99 ${ms(ic.p99)} ms${ratio}`);
    }
    if (r.failures.length) notes.push(`${r.name}: FAIL — ${r.failures.join('; ')}`);
    if (r.error) notes.push(`${r.name}: ERROR — ${r.error}`);
    if (r.verify?.detail && r.verify.ok) notes.push(`${r.name}: verify ok — ${r.verify.detail}`);
    if (r.targetSource) notes.push(`${r.name}: target from ${r.targetSource}`);
  }
  if (startup) {
    notes.push(
      `start-up (spawn → first 200 from /healthz): cold ${int(startup.coldMs)} ms (initdb + migrations), ` +
        `warm ${int(startup.warmMs)} ms (target < ${int(startup.maxWarmMs)} ms: ${startup.pass ? 'PASS' : 'FAIL'})`,
    );
  }
  for (const fl of firstLoads) {
    const pass = fl.gzipBytes <= FIRST_LOAD_BUDGET_BYTES ? 'PASS' : 'FAIL';
    notes.push(
      `first-load JS ${fl.page}: ${(fl.gzipBytes / 1000).toFixed(1)} kB gzip in ${fl.files.length} files (product.md#performance-targets ≤ ${FIRST_LOAD_BUDGET_BYTES / 1000} kB: ${pass})`,
    );
  }
  const target = `product.md#performance-targets: performance ≥ ${LIGHTHOUSE_TARGET.performance}, accessibility ${LIGHTHOUSE_TARGET.accessibility}`;
  if (typeof lighthouse === 'string') notes.push(`Lighthouse mobile: ${lighthouse}`);
  for (const r of typeof lighthouse === 'string' ? [] : lighthouse) {
    if (r.error || !r.metrics) {
      notes.push(`Lighthouse mobile ${r.page}: ERROR — ${r.error}`);
      continue;
    }
    const m = r.metrics;
    notes.push(
      `Lighthouse mobile ${r.page}: performance ${r.performance}, accessibility ${r.accessibility} ` +
        `(FCP ${int(m.fcp)} ms, LCP ${int(m.lcp)} ms, TBT ${int(m.tbt)} ms, CLS ${m.cls.toFixed(3)}; ${target}: ${lighthousePass(r) ? 'PASS' : 'FAIL'})`,
    );
  }
  if (notes.length) out.push('', ...notes.map((n) => `  ${n}`));
  return out.join('\n');
}

export function writeJson(dir: string, data: unknown): string {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return file;
}
