import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Rate-limit counters of every process on this database, in rate-limiter-flexible's PostgreSQL store
 * shape (key, points, expire in epoch ms); the store is told the table exists and never runs DDL.
 * UNLOGGED (set in its migration): a hit writes no WAL, and a crash only restarts the counts —
 * docs/decisions/0009-shared-rate-limits.md. Expired rows are deleted by the workers.
 */
export const rate_limits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull().default(0),
    expire: bigint('expire', { mode: 'number' }),
  },
  (t) => [index('rate_limits_expire_idx').on(t.expire)],
);
