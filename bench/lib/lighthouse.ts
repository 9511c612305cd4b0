import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchContext } from './types.ts';

/**
 * docs/product.md#performance-targets: public pages score ≥ 95 for performance and 100 for accessibility in
 * Lighthouse's mobile audit (its default: a mid-range phone on a throttled 4G link, simulated). Lighthouse is
 * fetched with npx at this pinned version rather than installed with the project (~175 MB that `npm ci` would
 * carry for every test run); 12.x is the last line that runs on Node 20.
 */
export const LIGHTHOUSE_VERSION = '12.8.2';
export const LIGHTHOUSE_TARGET = { performance: 95, accessibility: 100 } as const;
const RUN_TIMEOUT_MS = 180_000;

export type LighthouseResult = {
  page: string;
  performance?: number;
  accessibility?: number;
  /** First/largest contentful paint and total blocking time in ms; layout shift unitless. */
  metrics?: { fcp: number; lcp: number; tbt: number; cls: number };
  error?: string;
};

export function lighthousePass(r: LighthouseResult): boolean {
  return (r.performance ?? 0) >= LIGHTHOUSE_TARGET.performance && (r.accessibility ?? 0) >= LIGHTHOUSE_TARGET.accessibility;
}

/** CHROME_PATH, else Debian's Chromium (see .ci/run). */
export function findChrome(): string | undefined {
  return [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find(
    (p) => p && existsSync(p),
  );
}

/** An event page with real content, its sample page and a confirmed guest's ticket page. */
export async function seedLighthousePages(ctx: BenchContext): Promise<{ page: string; path: string }[]> {
  const owner = await ctx.owner();
  const { event } = await ctx.api<{ event: { id: string } }>('/api/events', {
    user: owner,
    body: {
      title: 'Summer Garden Party',
      subtitle: 'Drinks, music and friends under the lights',
      event_date: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      location: '12 Rose Lane, Springfield',
      main_body_intro: 'Join us in the garden for an evening of music, food and good company.',
      max_attendees: 120,
      is_active: true,
      is_paid_event: false,
      currency: 'usd',
    },
  });
  const { ticket_url } = await ctx.api<{ ticket_url: string }>(`/api/public/events/${event.id}/rsvps`, {
    body: { name: 'Gina Guest', email: 'gina@lighthouse.bench.test', guest_count: 2, status: 'confirmed' },
  });
  return [
    { page: '/event/:id', path: `/event/${event.id}` },
    { page: '/sample', path: '/sample' },
    { page: '/ticket/:ticketSecret', path: ticket_url },
  ];
}

type Lhr = {
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
};

function runOnce(url: string, chrome: string, outFile: string): Promise<Lhr> {
  const args = [
    '--yes',
    `lighthouse@${LIGHTHOUSE_VERSION}`,
    url,
    '--quiet',
    '--chrome-flags=--headless=new --no-sandbox',
    '--only-categories=performance,accessibility',
    '--output=json',
    `--output-path=${outFile}`,
  ];
  return new Promise((resolve, reject) => {
    // Its own process group, so a timeout ends npx, Lighthouse and Chromium together.
    const child = spawn('npx', args, { env: { ...process.env, CHROME_PATH: chrome }, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-2000);
    });
    const timer = setTimeout(() => {
      try {
        process.kill(-(child.pid as number), 'SIGKILL');
      } catch {
        // already gone
      }
    }, RUN_TIMEOUT_MS);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code !== 0) {
        reject(new Error(`lighthouse exited with ${signal ?? code}: ${stderr.trim().split('\n').slice(-3).join(' ')}`));
        return;
      }
      try {
        resolve(JSON.parse(readFileSync(outFile, 'utf8')) as Lhr);
      } catch (err) {
        reject(err);
      }
    });
  });
}

const score = (lhr: Lhr, category: string) => {
  const s = lhr.categories[category]?.score;
  return s === null || s === undefined ? undefined : Math.round(s * 100);
};

/** Audits one page; a run Lighthouse itself reports as broken (e.g. no paint caught) is tried once more. */
export async function auditPage(baseURL: string, page: { page: string; path: string }, chrome: string): Promise<LighthouseResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'turnout-lighthouse-'));
  try {
    let lastError = '';
    for (let attempt = 0; attempt < 2; attempt++) {
      let lhr: Lhr;
      try {
        lhr = await runOnce(new URL(page.path, baseURL).toString(), chrome, path.join(dir, `run${attempt}.json`));
      } catch (err) {
        lastError = err instanceof Error ? err.message : String(err);
        continue;
      }
      const performance = score(lhr, 'performance');
      const accessibility = score(lhr, 'accessibility');
      if (lhr.runtimeError || performance === undefined || accessibility === undefined) {
        lastError = lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : 'no score';
        continue;
      }
      const n = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      return {
        page: page.page,
        performance,
        accessibility,
        metrics: {
          fcp: n('first-contentful-paint'),
          lcp: n('largest-contentful-paint'),
          tbt: n('total-blocking-time'),
          cls: n('cumulative-layout-shift'),
        },
      };
    }
    return { page: page.page, error: lastError };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
