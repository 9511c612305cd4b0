import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { constants, gzipSync } from 'node:zlib';
import { GUEST_PAGES, guestHtmlFile } from '../../src/common/guest-pages.ts';

/**
 * docs/product.md#performance-targets (ADR 0003): a public page's first-load JS, in gzip bytes, measured on a client build
 * (dist/client). It is what the browser must fetch before the page can render: the HTML's module
 * entry and modulepreloads, and every chunk those import statically (transitively). Dynamic imports
 * (lazy dialogs, the toast outlet, the .ics builder) load later and are not counted. gzip -9 is what
 * the server sends (src/server/http/spa.ts); kB = 1,000 bytes, as Vite reports.
 */

/** docs/product.md#performance-targets: initial JS of a public page ≤ 90 KB gzip. */
export const FIRST_LOAD_BUDGET_BYTES = 90_000;

/** `modules`: the sources bundled into `files`, from their sourcemaps (node_modules/… or src/…). */
export type FirstLoad = { page: string; html: string; files: string[]; modules: string[]; gzipBytes: number };

const ENTRY_RE = /<(?:script[^>]*\btype="module"[^>]*\bsrc|link[^>]*\brel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g;
// Minified ESM: `import{a as b}from"./x.js"`, `import"./x.js"`, `export{c}from"./y.js"`; never `import(`.
const STATIC_IMPORT_RE = /(?:^|[;}\n])\s*(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.js)["']/g;

export function firstLoadJs(clientDir: string, page: string, html: string): FirstLoad {
  const doc = readFileSync(path.join(clientDir, html), 'utf8');
  const seen = new Set<string>();
  const queue = [...doc.matchAll(ENTRY_RE)].map((m) => path.posix.join('/', m[1]!));
  while (queue.length) {
    const url = queue.pop()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const code = readFileSync(path.join(clientDir, url), 'utf8');
    for (const m of code.matchAll(STATIC_IMPORT_RE)) queue.push(path.posix.join(path.posix.dirname(url), m[1]!));
  }
  let gzipBytes = 0;
  const modules = new Set<string>();
  for (const url of seen) {
    const file = path.join(clientDir, url);
    gzipBytes += gzipSync(readFileSync(file), { level: constants.Z_BEST_COMPRESSION }).length;
    if (!existsSync(`${file}.map`)) continue;
    const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[] };
    for (const source of map.sources) modules.add(source.replace(/^.*?(node_modules\/|src\/)/, '$1'));
  }
  return { page, html, files: [...seen].sort(), modules: [...modules].sort(), gzipBytes };
}

/** Each public page's start-up once (/event and /event/:id share one), as the server sends it. */
export function publicFirstLoads(clientDir: string): FirstLoad[] {
  const seen = new Set<string>();
  return GUEST_PAGES.filter((page) => !seen.has(page.html) && seen.add(page.html)).map((page) =>
    firstLoadJs(clientDir, page.path, guestHtmlFile(page)),
  );
}
