import { sql } from 'drizzle-orm';
import { DEFAULT_EVENT_HOURS } from '../../common/constants.ts';
import { events } from '../db/schema/events.ts';

/**
 * When an event is over, in SQL: its end, else its start + DEFAULT_EVENT_HOURS (docs/product.md#event-status;
 * common/event-time.ts is the same rule in TypeScript, migration 0027's waitlist trigger in PL/pgSQL).
 */
export const eventEndsAt = sql<Date>`coalesce(${events.end_date}, ${events.event_date} + make_interval(hours => ${DEFAULT_EVENT_HOURS}))`;
