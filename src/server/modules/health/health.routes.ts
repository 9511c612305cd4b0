import { createRoute, z } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import { connectionFailure } from '../../db/connection-errors.ts';
import { json } from '../../http/openapi.ts';
import { createRouter } from '../../http/validation.ts';

const NO_STORE = { 'Cache-Control': 'no-store' };
const tags = ['Health'];

const livezRoute = createRoute({
  method: 'get',
  path: '/livez',
  summary: 'Liveness: the process is up (touches no database)',
  tags,
  responses: { 200: json('Up', z.strictObject({ status: z.literal('ok') })) },
});

const healthzRoute = createRoute({
  method: 'get',
  path: '/healthz',
  summary: 'Readiness: the process is up and its database answers',
  tags,
  responses: {
    200: json('Ready', z.strictObject({ status: z.literal('ok'), database: z.literal('ok') })),
    503: json('The database does not answer', z.strictObject({ status: z.literal('error'), database: z.literal('unreachable') })),
  },
});

/**
 * GET /livez: the process is up and serving (touches no database; for liveness probes and as the
 * bench's same-run ceiling). GET /healthz: ready, i.e. the database answers too; 503 while it does not
 * (a dropped connection, the embedded server restarting).
 */
export function healthRoutes() {
  const r = createRouter();
  r.openapi(livezRoute, (c) => c.json({ status: 'ok' as const }, 200, NO_STORE));
  r.openapi(healthzRoute, async (c) => {
    try {
      await c.var.deps.db.execute(sql`SELECT 1`);
      return c.json({ status: 'ok' as const, database: 'ok' as const }, 200, NO_STORE);
    } catch (err) {
      const lost = connectionFailure(err);
      if (lost) c.var.log.warn({ db: lost }, 'health check: database unreachable');
      else c.var.log.error({ err }, 'health check: database unreachable');
      return c.json({ status: 'error' as const, database: 'unreachable' as const }, 503, NO_STORE);
    }
  });
  return r;
}
