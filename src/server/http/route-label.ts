import type { Context } from 'hono';
import { routePath } from 'hono/route';
import { isUuid } from '../../common/schemas/ids.ts';
import type { AppEnv } from './context.ts';

/**
 * The route pattern a request matched ('/api/public/tickets/:ticketSecret'), never its path: paths
 * hold ticket and manage secrets, tokens, short-link codes and hosts' e-mails. Pages and static files
 * come from the SPA handler's catch-all, which names the page's pattern ('/ticket/:ticketSecret') or
 * 'static files'; anything else outside a route is "unmatched". The request log and GET /metrics
 * both label requests with it (docs/product.md#privacy-and-safety).
 */
export function routeLabel(c: Context<AppEnv>): string {
  const route = c.get('metricsRoute') ?? (routePath(c) || 'unmatched');
  return route === '*' || route === '/*' ? 'unmatched' : route;
}

/** Path parameters that name rows by their uuid, never a secret: the request log keeps them. */
const ID_PARAMS = ['eventId', 'rsvpId', 'jobId', 'id'] as const;

/** The request's non-secret ids (`{ eventId, rsvpId }`), for its log line: uuids of the id parameters only. */
export function routeIds(c: Context<AppEnv>): Record<string, string> {
  const ids: Record<string, string> = {};
  let params: Record<string, string>;
  try {
    params = c.req.param() as Record<string, string>;
  } catch {
    return ids; // no route matched
  }
  for (const name of ID_PARAMS) {
    const value = params[name];
    if (value && isUuid(value)) ids[name] = value;
  }
  return ids;
}
