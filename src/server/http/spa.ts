import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Context, Hono } from 'hono';
import { BoundedCache } from '../../common/bounded-cache.ts';
import { GUEST_PAGES, guestHtmlFile, matchGuestPage } from '../../common/guest-pages.ts';
import { appPathOf } from '../../common/routes.ts';
import type { AppEnv } from './context.ts';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt', '.webmanifest']);

/** A body with its compressed forms, made on first request. */
type Encoded = { body: Uint8Array<ArrayBuffer>; gzip?: Uint8Array<ArrayBuffer>; br?: Uint8Array<ArrayBuffer> };
/** A built page, with the head it was built with (a slot's entry is rebuilt when that changes). */
type Page = Encoded & { head: string };
type Asset = Encoded & { type: string; immutable: boolean };
/** Bytes as a response body takes them (a Buffer may be a view into Node's shared pool: copied once). */
const bytes = (b: Buffer): Uint8Array<ArrayBuffer> => new Uint8Array(b);
/**
 * Pages kept per start-up, then started afresh. An entry (the head as key, the page, its br and gzip
 * forms) takes ~5–8 kB: at most ~4 MB per start-up that has heads (event pages, /sample).
 */
const PAGE_CACHE_SIZE = 500;

/** Whether an Accept-Encoding header accepts `coding` (listed, and not with q=0). */
function accepts(header: string, coding: 'br' | 'gzip'): boolean {
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';');
    if (name?.trim().toLowerCase() !== coding) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  }
  return false;
}

export const HEAD_START = '<!--head:start-->';
export const HEAD_END = '<!--head:end-->';

/**
 * Head tags for one server-rendered page (title, description, share tags); null = the default head.
 * `slot` names what the head is of (an event page and its variant) when the head changes often
 * (seat figures move with every answer): the page cache keeps one entry per slot, replaced when its
 * head changes, instead of one per head, so a rush on one event cannot push every other page out.
 * `cacheControl`: the page's own policy (a public event page lets shared caches keep it briefly); default no-cache.
 */
export type PageHead = {
  head: string;
  status?: 200 | 404;
  slot?: string;
  cacheControl?: string;
  /** Origins that may frame this page (an embedded RSVP form, ADR 0031); every other page refuses frames. */
  frameAncestors?: readonly string[];
};
export type HeadProvider = (c: Context<AppEnv>, pathname: string) => Promise<PageHead | null>;

/**
 * The ticket verification pages (docs/product.md#ticket-verification) move to PUBLIC_BASE_URL when opened
 * on another host: their HTML names that origin in <meta name="turnout-origin">, which the page reads.
 */
const ORIGIN_PAGES = /^\/(?:ticket-verification|checkin\/verify)\/[^/]+\/?$/;
export const originMeta = (pathname: string, baseUrl: string): string => {
  if (!ORIGIN_PAGES.test(pathname)) return '';
  let origin: string;
  try {
    origin = new URL(baseUrl).origin;
  } catch {
    return '';
  }
  return `<meta name="turnout-origin" content="${origin.replace(/[&"<>]/g, (ch) => `&#${ch.charCodeAt(0)};`)}">`;
};

const FALLBACK_INDEX = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${HEAD_START}<title>Turnout</title>${HEAD_END}</head><body><div id="root"></div><noscript>Turnout needs JavaScript. Run npm run build.</noscript></body></html>`;

/**
 * Serves the built SPA from dist/client: hashed assets immutable, HTML no-cache (unless its head provider says
 * otherwise), unknown paths 404.
 * A guest page gets its guest/<page>.html (missing: index.html), every other path index.html.
 */
export class Spa {
  private assets = new Map<string, Asset>();
  private index: string;
  private guestHtml = new Map<string, string>();
  /** Built pages by start-up file and head. */
  private pages = new BoundedCache<string, Page>({ maxEntries: PAGE_CACHE_SIZE });
  private headProviders: HeadProvider[] = [];

  constructor(readonly clientDir: string) {
    const indexFile = path.join(clientDir, 'index.html');
    this.index = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : FALLBACK_INDEX;
    for (const name of new Set(GUEST_PAGES.map(guestHtmlFile))) {
      const file = path.join(clientDir, name);
      if (existsSync(file)) this.guestHtml.set(name, readFileSync(file, 'utf8'));
    }
    if (existsSync(clientDir)) this.scan(clientDir);
  }

  /** How many built pages are kept (tests: a moving seat figure must not add entries). */
  get cachedPages(): number {
    return this.pages.size;
  }

  addHeadProvider(p: HeadProvider) {
    this.headProviders.push(p);
  }

  private scan(dir: string) {
    for (const name of readdirSync(dir)) {
      const abs = path.join(dir, name);
      if (statSync(abs).isDirectory()) {
        this.scan(abs);
        continue;
      }
      const urlPath = `/${path.relative(this.clientDir, abs).split(path.sep).join('/')}`;
      if (name.endsWith('.html')) continue; // start-ups are served by path (mount), not by file name
      // A file compressed at build time (x.js.br, x.js.gz beside x.js) is one of x.js's encodings, not an asset.
      if (/\.(br|gz)$/.test(name) && existsSync(abs.slice(0, -3))) continue;
      const ext = path.extname(name);
      this.assets.set(urlPath, {
        body: bytes(readFileSync(abs)),
        ...(existsSync(`${abs}.br`) ? { br: bytes(readFileSync(`${abs}.br`)) } : {}),
        ...(existsSync(`${abs}.gz`) ? { gzip: bytes(readFileSync(`${abs}.gz`)) } : {}),
        type: TYPES[ext] ?? 'application/octet-stream',
        immutable: urlPath.startsWith('/assets/'),
      });
    }
  }

  /** The HTML start-up for a path: a guest page's own (src/common/guest-pages.ts), else index.html. */
  private htmlFor(pathname: string): { file: string; html: string } {
    const match = matchGuestPage(pathname);
    const file = match && guestHtmlFile(match.page);
    const guest = file && this.guestHtml.get(file);
    return guest ? { file, html: guest } : { file: 'index.html', html: this.index };
  }

  /** `html` with `head` between the head markers (or before </head>). */
  private withHead(html: string, head: string): string {
    if (!head) return html;
    const start = html.indexOf(HEAD_START);
    const end = html.indexOf(HEAD_END);
    if (start < 0 || end < 0) return html.replace('</head>', `${head}</head>`);
    return html.slice(0, start + HEAD_START.length) + head + html.slice(end);
  }

  /**
   * `encoded`'s body in the best encoding the client accepts (compressed once, then kept), else as is.
   * Assets get the smallest output; pages, made on a request's path, a quicker setting.
   */
  private encode(
    c: Context<AppEnv>,
    encoded: Encoded,
    headers: Record<string, string>,
    effort: 'max' | 'quick' = 'max',
  ): Uint8Array<ArrayBuffer> {
    if (encoded.body.length <= 512) return encoded.body;
    headers.Vary = 'Accept-Encoding';
    const accept = c.req.header('accept-encoding') ?? '';
    if (accepts(accept, 'br')) {
      encoded.br ??= bytes(brotliCompressSync(encoded.body, { params: { [constants.BROTLI_PARAM_QUALITY]: effort === 'max' ? 11 : 5 } }));
      headers['Content-Encoding'] = 'br';
      return encoded.br;
    }
    if (accepts(accept, 'gzip')) {
      encoded.gzip ??= bytes(gzipSync(encoded.body, { level: effort === 'max' ? 9 : 6 }));
      headers['Content-Encoding'] = 'gzip';
      return encoded.gzip;
    }
    return encoded.body;
  }

  private sendAsset(c: Context<AppEnv>, asset: Asset, ext: string) {
    const headers: Record<string, string> = {
      'Content-Type': asset.type,
      'Cache-Control': asset.immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
    };
    return c.body(COMPRESSIBLE.has(ext) ? this.encode(c, asset, headers) : asset.body, 200, headers);
  }

  /**
   * A page's HTML (its start-up with `head`), compressed like the assets. Pages repeat — a few
   * start-ups, and heads the event cache keeps — so each distinct one is built and compressed once;
   * a head with a `slot` takes its slot's entry over.
   */
  private sendPage(c: Context<AppEnv>, pathname: string, head: string, status: 200 | 404, slot?: string, cacheControl = 'no-cache') {
    const { file, html } = this.htmlFor(pathname);
    const extra = originMeta(pathname, c.var.deps.env.PUBLIC_BASE_URL);
    const key = slot === undefined ? `${file}\n${head}\n${extra}` : `${file}\n\u0000${slot}\n${extra}`;
    let page = this.pages.get(key);
    if (page?.head !== head) {
      const withHead = this.withHead(html, head);
      page = { head, body: bytes(Buffer.from(extra ? withHead.replace('</head>', `${extra}</head>`) : withHead)) };
      this.pages.set(key, page);
    }
    const headers: Record<string, string> = { 'Content-Type': TYPES['.html']!, 'Cache-Control': cacheControl };
    return c.body(this.encode(c, page, headers, 'quick'), status, headers);
  }

  mount(app: Hono<AppEnv>) {
    app.get('*', async (c) => {
      const pathname = c.req.path;
      const asset = this.assets.get(pathname);
      if (asset) {
        c.set('metricsRoute', 'static files');
        return this.sendAsset(c, asset, path.extname(pathname));
      }
      if (pathname.startsWith('/assets/')) return c.text('Not found', 404);
      let page: PageHead | null = null;
      const pattern = appPathOf(pathname);
      try {
        for (const provider of this.headProviders) {
          page = await provider(c, pathname);
          if (page) break;
        }
      } catch (err) {
        // Share tags are a bonus: without them (database down) the page still loads and says what failed.
        // The page's pattern, not its path: a ticket or manage page's path is its secret.
        c.var.log.warn({ err, page: pattern ?? 'unmatched' }, 'page head provider failed; serving the page without its share tags');
        page = null;
      }
      if (pattern) c.set('metricsRoute', pattern);
      const status = page?.status ?? (pattern ? 200 : 404);
      if (page?.frameAncestors) c.set('frameAncestors', page.frameAncestors);
      return this.sendPage(c, pathname, page?.head ?? '', status, page?.slot, page?.cacheControl);
    });
  }
}
