import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/context.ts';

export function healthRoutes() {
  const r = new Hono<AppEnv>();
  r.get('/healthz', async (c) => {
    try {
      await c.var.deps.db.execute(sql`SELECT 1`);
      return c.json({ status: 'ok', database: 'ok' }, 200, { 'Cache-Control': 'no-store' });
    } catch (err) {
      c.var.log.error({ err }, 'health check: database unreachable');
      return c.json({ status: 'error', database: 'unreachable' }, 503, { 'Cache-Control': 'no-store' });
    }
  });
  return r;
}
