import type { Context } from 'hono';
import { SAMPLE_PRODUCT } from '../../../../common/routes.ts';
import type { AppEnv } from '../../../http/context.ts';
import type { PageHead } from '../../../http/spa.ts';
import { findPublicEvent, publicEventKey } from './get-public-event.ts';
import { notFoundTags, renderShareTags } from './share-tags.ts';

const EVENT_PATH = /^\/event\/([^/]+)\/?$/;
const SAMPLE_PATH = new RegExp(`^/${SAMPLE_PRODUCT}/?$`);

/**
 * Server-rendered share tags for /event?id=|slug=, /event/:id and /sample: crawlers that run no
 * JavaScript still get the title, description, Open Graph, Twitter card and JSON-LD. The rendered
 * tags are kept with the cached event, so a hot page costs no database read and no rendering.
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
    const pageUrl =
      variant === 'sample' ? `${env.PUBLIC_BASE_URL}/${SAMPLE_PRODUCT}` : `${env.PUBLIC_BASE_URL}/event/${encodeURIComponent(e.slug)}`;
    head = renderShareTags(e, { baseUrl: env.PUBLIC_BASE_URL, pageUrl });
    found.memo.set(variant, head);
  }
  return { head, status: 200 };
}
