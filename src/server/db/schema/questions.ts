import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TQuestionOption } from '../../../common/schemas/questions.ts';
import { eventIdColumn } from './events.ts';
import { event_rsvps } from './rsvps.ts';

/**
 * The host's own questions on an event's RSVP form (docs/product.md#custom-questions). `options` is
 * append-only: an option keeps its id for good (answers store ids), a label edit keeps the answers, and
 * a removed option stays with `removed: true` so old answers still read. `kind` never changes.
 */
export const event_questions = pgTable(
  'event_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    event_id: eventIdColumn(),
    kind: text('kind', { enum: ['short_text', 'long_text', 'single_choice', 'multiple_choice', 'checkbox'] }).notNull(),
    label: text('label').notNull(),
    help: text('help'),
    required: boolean('required').notNull().default(false),
    shown_for: text('shown_for', { enum: ['yes', 'all'] })
      .notNull()
      .default('all'),
    position: integer('position').notNull(),
    options: jsonb('options').$type<TQuestionOption[]>().notNull().default(sql`'[]'::jsonb`),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('event_questions_event_idx').on(t.event_id, t.position),
    check('event_questions_kind', sql`${t.kind} IN ('short_text', 'long_text', 'single_choice', 'multiple_choice', 'checkbox')`),
    check('event_questions_shown_for', sql`${t.shown_for} IN ('yes', 'all')`),
  ],
);

/**
 * A guest's answer to one question: text (string), a single choice (its option id), a multiple
 * choice (an array of option ids) or a ticked checkbox (true). A blank answer has no row. Deleting a
 * question deletes its answers (the host is asked first).
 */
export const rsvp_answers = pgTable(
  'rsvp_answers',
  {
    rsvp_id: uuid('rsvp_id')
      .notNull()
      .references(() => event_rsvps.id, { onDelete: 'cascade' }),
    question_id: uuid('question_id')
      .notNull()
      .references(() => event_questions.id, { onDelete: 'cascade' }),
    value: jsonb('value').$type<string | string[] | boolean>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.rsvp_id, t.question_id] }), index('rsvp_answers_question_idx').on(t.question_id)],
);
