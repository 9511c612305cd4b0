import { bigint, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/**
 * The TOTP time steps (30 s each) whose code signed a user in or turned two-factor on: a code is
 * accepted once (the primary key makes the claim exact across processes), never again within the
 * window the authenticator's codes stay valid (src/server/auth/totp-replay.ts). Rows older than
 * that window are deleted by the next claim of the same user.
 */
export const two_factor_used_steps = pgTable(
  'two_factor_used_steps',
  {
    user_id: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    step: bigint('step', { mode: 'number' }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.step] })],
);
