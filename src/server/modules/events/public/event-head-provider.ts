import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { absoluteUrl, eventHref, sampleHref } from '../../../../common/hrefs.ts';
import { EVENT_DATA_ELEMENT_ID } from '../../../../common/page-data.ts';
import { SAMPLE_PRODUCT } from '../../../../common/routes.ts';
import type { AppEnv } from '../../../http/context.ts';
import type { PageHead } from '../../../http/spa.ts';
import { findPublicEvent, type HeadParts, publicEventKey } from './get-public-event.ts';
import { notFoundTags, renderShareTags, scriptJson } from './share-tags.ts';

const EVENT_PATH = /^\/event\/([^/]+)\/?$/;
/** The embedded RSVP form (docs/product.md#embedding): the same event data, framed by the host's sites only. */
const EMBED_PATH = /^\/embed\/([^/]+)\/?$/;
const SAMPLE_PATH = new RegExp(`^/${SAMPLE_PRODUCT}/?$`);

/**
 * An event page's HTML may be kept by a shared cache (a CDN, a caching proxy) for this long, browsers
 * revalidating every time; the page then asks for its seat figures fresh (GET …/seats, public.routes.ts).
 * docs/decisions/0025-public-page-behind-a-cache.md
 */
const PUBLIC_PAGE_SHARED_SECONDS = 5;
const PUBLIC_PAGE_CACHE = `public, max-age=0, s-maxage=${PUBLIC_PAGE_SHARED_SECONDS}`;

/**
 * Server-rendered share tags and the event's JSON for the public event pages, so crawlers without
 * JavaScript see them and the page starts without a fetch. Kept with the cached event (ADR 0005), with
 * the seat figure spliced in per view (ADR 0016): a hot page costs no database read and no rendering.
 */
export async function eventHeadProvider(c: Context<AppEnv>, pathname: string): Promise<PageHead | null> {
  let key: ReturnType<typeof publicEventKey>;
  let variant: 'event' | 'sample' | 'embed';
  if (pathname === '/event' || pathname === '/event/') {
    key = publicEventKey({ id: c.req.query('id'), slug: c.req.query('slug') });
    variant = 'event';
  } else if (SAMPLE_PATH.test(pathname)) {
    key = { slug: SAMPLE_PRODUCT };
    variant = 'sample';
  } else {
    const m = EVENT_PATH.exec(pathname) ?? EMBED_PATH.exec(pathname);
    if (!m) return null;
    let segment: string;
    try {
      segment = decodeURIComponent(m[1]!);
    } catch {
      return { head: notFoundTags(), status: 404 };
    }
    key = publicEventKey({ path: segment });
    variant = pathname.startsWith('/embed/') ? 'embed' : 'event';
  }
  if (!key) return { head: notFoundTags(), status: 404 };

  const { db, log, env, caches, answersFirst } = c.var.deps;
  // Launch day: a page view waits a turn of the loop for the answers in flight (ADR 0040).
  const turn = answersFirst.pageView();
  if (turn) await turn;
  const found = await findPublicEvent({ db, log, cache: caches.publicEvents, key });
  if (!found) return { head: notFoundTags(), status: 404 };
  const e = found.event;
  // The tags and the event data are rendered once per variant (and sold-out state, which the JSON-LD
  // names); seats left, guests going and seats held, which change with every answer, are spliced in (ADR 0016).
  const memoKey = `${variant}:${e.seats_left === 0}`;
  let parts = found.memo.get(memoKey);
  if (!parts) {
    const pageUrl = absoluteUrl(env.PUBLIC_BASE_URL, variant === 'sample' ? sampleHref() : eventHref(e));
    const { seats_left: _left, going: _going, seats_held: _held, ...fixed } = e;
    const data = scriptJson({ ...fixed, seats_left: SEATS_LEFT_SLOT, going: GOING_SLOT, seats_held: SEATS_HELD_SLOT });
    parts = splitSlots(
      `${renderShareTags(e, { baseUrl: env.PUBLIC_BASE_URL, pageUrl })}<script type="application/json" id="${EVENT_DATA_ELEMENT_ID}">${data}</script>`,
    );
    found.memo.set(memoKey, parts);
  }
  return {
    head: `${parts[0]}${JSON.stringify(e.seats_left)}${parts[1]}${JSON.stringify(e.going)}${parts[2]}${JSON.stringify(e.seats_held)}${parts[3]}`,
    status: 200,
    // One page-cache entry per event and variant, whatever its figures (http/spa.ts).
    slot: `event:${e.id}:${variant}`,
    cacheControl: PUBLIC_PAGE_CACHE,
    ...(variant === 'embed' ? { frameAncestors: e.embed_origins } : {}),
  };
}

/**
 * Stand-ins for the seat figures while the event data is rendered. As JSON values they appear quoted;
 * a quote inside any text of the event is escaped (\"), and each process's slots carry a random part no
 * host can type into a field whole, so the quoted slot occurs only where it was put.
 */
const SLOT_NONCE = randomBytes(9).toString('base64url');
const SEATS_LEFT_SLOT = `@turnout:seats_left:${SLOT_NONCE}@`;
const GOING_SLOT = `@turnout:going:${SLOT_NONCE}@`;
const SEATS_HELD_SLOT = `@turnout:seats_held:${SLOT_NONCE}@`;

/** The rendered head cut around its three slots: [before seats left, before guests going, before seats held, after]. */
function splitSlots(head: string): HeadParts {
  const a = head.indexOf(JSON.stringify(SEATS_LEFT_SLOT));
  const b = head.indexOf(JSON.stringify(GOING_SLOT));
  const c = head.indexOf(JSON.stringify(SEATS_HELD_SLOT));
  if (a < 0 || b < a || c < b) throw new Error('event head: seat slots not found in order');
  return [
    head.slice(0, a),
    head.slice(a + SEATS_LEFT_SLOT.length + 2, b),
    head.slice(b + GOING_SLOT.length + 2, c),
    head.slice(c + SEATS_HELD_SLOT.length + 2),
  ];
}
