import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/**
 * This Turnout's own settings, set by the owner on the People page: one row (id 1), absent until the
 * first change, when every setting has its default (docs/decisions/0020-people.md).
 */
export const instance_settings = pgTable(
  'instance_settings',
  {
    id: smallint('id').primaryKey().default(1),
    /** Owners and co-hosts of paid events need two-factor sign-in to manage them. */
    require_two_factor_for_paid: boolean('require_two_factor_for_paid').notNull().default(false),
    updated_by: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('instance_settings_one_row', sql`${t.id} = 1`)],
);
