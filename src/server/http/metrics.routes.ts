import { createHash, timingSafeEqual } from 'node:crypto';
import { createRoute, z } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import { AppError } from '../errors.ts';
import { errors } from './openapi.ts';
import { createRouter } from './validation.ts';

const PROMETHEUS_TEXT = 'text/plain; version=0.0.4; charset=utf-8';

const metricsRoute = createRoute({
  method: 'get',
  path: '/metrics',
  summary: 'Prometheus metrics of this process (Authorization: Bearer METRICS_TOKEN); 404 when METRICS_TOKEN is unset',
  tags: ['Health'],
  responses: {
    200: { description: 'Prometheus text exposition format 0.0.4', content: { 'text/plain': { schema: z.string() } } },
    ...errors(401, 404),
  },
});

const digest = (s: string) => createHash('sha256').update(s).digest();

/** The bearer token matches METRICS_TOKEN (compared in constant time). */
function tokenMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * GET /metrics (docs/product.md#operations, ADR 0016): request durations by route, RSVPs by outcome,
 * the outbox's depth and oldest due message, and this process's pool. Off (404) without METRICS_TOKEN.
 */
export function metricsRoutes() {
  const r = createRouter();
  r.openapi(metricsRoute, async (c) => {
    const { env, db, metrics } = c.var.deps;
    if (!env.METRICS_TOKEN) throw new AppError('not_found', 'Metrics are off (set METRICS_TOKEN).');
    if (!tokenMatches(c.req.header('authorization'), env.METRICS_TOKEN)) {
      throw new AppError('unauthenticated', 'A valid metrics token is required (Authorization: Bearer …).', undefined, {
        'WWW-Authenticate': 'Bearer realm="metrics"',
      });
    }
    const res = await db.execute<{ depth: number; oldest: number | null }>(
      sql`SELECT count(*)::int AS depth,
                 extract(epoch FROM clock_timestamp() - min(next_attempt_at) FILTER (WHERE next_attempt_at <= clock_timestamp()))::float AS oldest
          FROM outbox WHERE status IN ('pending', 'sending')`,
    );
    const pool = db.$client;
    const body = metrics.render({
      outboxDepth: Number(res.rows[0]?.depth ?? 0),
      outboxOldestDueSeconds: Math.max(0, Number(res.rows[0]?.oldest ?? 0)),
      poolTotal: pool.totalCount,
      poolIdle: pool.idleCount,
      poolWaiting: pool.waitingCount,
      doorFirst: c.var.deps.doorFirst.answerCounts,
      pageViewsHeld: c.var.deps.answersFirst.heldPageViews,
    });
    return c.text(body, 200, { 'Content-Type': PROMETHEUS_TEXT, 'Cache-Control': 'no-store' });
  });
  return r;
}
