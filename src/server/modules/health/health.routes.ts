import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { connectionFailure } from '../../db/connection-errors.ts';
import type { AppEnv } from '../../http/context.ts';

const NO_STORE = { 'Cache-Control': 'no-store' };

/**
 * GET /livez: the process is up and serving (touches no database; for liveness probes and as the
 * bench's same-run ceiling). GET /healthz: ready, i.e. the database answers too; 503 while it does not
 * (a dropped connection, the embedded server restarting).
 */
export function healthRoutes() {
  const r = new Hono<AppEnv>();
  r.get('/livez', (c) => c.json({ status: 'ok' }, 200, NO_STORE));
  r.get('/healthz', async (c) => {
    try {
      await c.var.deps.db.execute(sql`SELECT 1`);
      return c.json({ status: 'ok', database: 'ok' }, 200, NO_STORE);
    } catch (err) {
      const lost = connectionFailure(err);
      if (lost) c.var.log.warn({ db: lost }, 'health check: database unreachable');
      else c.var.log.error({ err }, 'health check: database unreachable');
      return c.json({ status: 'error', database: 'unreachable' }, 503, NO_STORE);
    }
  });
  return r;
}
