import type { Context } from 'hono';
import { absoluteUrl, eventHref, sampleHref } from '../../../../common/hrefs.ts';
import { EVENT_DATA_ELEMENT_ID } from '../../../../common/page-data.ts';
import { SAMPLE_PRODUCT } from '../../../../common/routes.ts';
import type { AppEnv } from '../../../http/context.ts';
import type { PageHead } from '../../../http/spa.ts';
import { findPublicEvent, publicEventKey } from './get-public-event.ts';
import { notFoundTags, renderShareTags, scriptJson } from './share-tags.ts';

const EVENT_PATH = /^\/event\/([^/]+)\/?$/;
const SAMPLE_PATH = new RegExp(`^/${SAMPLE_PRODUCT}/?$`);

/**
 * Server-rendered share tags for /event?id=|slug=, /event/:id and /sample: crawlers that run no
 * JavaScript still get the title, description, Open Graph, Twitter card and JSON-LD. The page also
 * carries the event as the API answers it (`<script type="application/json" id="event-data">`), so it
 * starts without fetching it again. The rendered tags are kept with the cached event (dropped with it
 * on any edit: ADR 0005), one rendering per seat figure (a seat change drops nothing: ADR 0016), so a
 * hot page costs no database read and renders at most once per seat-figure change.
 */
export async function eventHeadProvider(c: Context<AppEnv>, pathname: string): Promise<PageHead | null> {
  let key: ReturnType<typeof publicEventKey>;
  let variant: 'event' | 'sample';
  if (pathname === '/event' || pathname === '/event/') {
    key = publicEventKey({ id: c.req.query('id'), slug: c.req.query('slug') });
    variant = 'event';
  } else if (SAMPLE_PATH.test(pathname)) {
    key = { slug: SAMPLE_PRODUCT };
    variant = 'sample';
  } else {
    const m = EVENT_PATH.exec(pathname);
    if (!m) return null;
    let segment: string;
    try {
      segment = decodeURIComponent(m[1]!);
    } catch {
      return { head: notFoundTags(), status: 404 };
    }
    key = publicEventKey({ path: segment });
    variant = 'event';
  }
  if (!key) return { head: notFoundTags(), status: 404 };

  const { db, log, env, caches } = c.var.deps;
  const found = await findPublicEvent({ db, log, cache: caches.publicEvents, key });
  if (!found) return { head: notFoundTags(), status: 404 };
  const e = found.event;
  // Seats left and guests going are in the HTML: one rendering per figure (ADR 0016).
  const memoKey = `${variant}:${e.seats_left}:${e.going}`;
  let head = found.memo.get(memoKey);
  if (!head) {
    const pageUrl = absoluteUrl(env.PUBLIC_BASE_URL, variant === 'sample' ? sampleHref() : eventHref(e));
    head = `${renderShareTags(e, { baseUrl: env.PUBLIC_BASE_URL, pageUrl })}<script type="application/json" id="${EVENT_DATA_ELEMENT_ID}">${scriptJson(e)}</script>`;
    found.memo.set(memoKey, head);
  }
  return { head, status: 200 };
}
