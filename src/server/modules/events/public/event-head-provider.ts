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
 * on any change, seat counts included: ADR 0005), so a hot page costs no database read and no rendering.
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
  let head = found.memo.get(variant);
  if (!head) {
    const e = found.event;
    const pageUrl = absoluteUrl(env.PUBLIC_BASE_URL, variant === 'sample' ? sampleHref() : eventHref(e));
    head = `${renderShareTags(e, { baseUrl: env.PUBLIC_BASE_URL, pageUrl })}<script type="application/json" id="${EVENT_DATA_ELEMENT_ID}">${scriptJson(e)}</script>`;
    found.memo.set(variant, head);
  }
  return { head, status: 200 };
}
