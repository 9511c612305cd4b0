import { z } from 'zod';
import { BACKFILL_DEFAULT_LIMIT, GUEST_STATUS_FILTERS, GUESTS_MAX, GUESTS_MIN, RSVP_STATUSES } from '../constants.ts';

export { JOB_KINDS, JOB_STATUSES, type JobKind, type JobStatus, NOTIFY_RSVPS, type NotifyRsvps } from '../constants.ts';
import { GUEST_LIST_MSG } from '../messages.ts';
import { UUID_PATTERN } from './ids.ts';
import { zText } from './text.ts';

/**
 * Requests of the guest-list API (docs/product.md#guest-list): an owner or co-host of the event only
 * (404 for anyone else, ADR 0011); routes and answers are listed in /api/openapi.json.
 */

export const GUEST_SORTS = ['name', 'created_at', 'status'] as const;
export type GuestSort = (typeof GUEST_SORTS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export const CHECKED_IN_FILTERS = ['yes', 'no'] as const;
/** 'paid' is the only complete payment status; 'unpaid' is every other value, none included. */
export const PAYMENT_FILTERS = ['paid', 'unpaid'] as const;
export const SEARCH_MAX = 100;

/** The targets a short link may point at. */
export const SHORT_LINK_TARGETS = ['ticket'] as const;

const uuidText = UUID_PATTERN.source.slice(1, -1);
/** The answer filter: a question id and one of its option ids. */
export const ANSWER_FILTER = new RegExp(`^${uuidText}:${uuidText}$`);

/** A query-string value: '' means "not given". */
const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);
const queryEnum = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(blankToUndefined, z.enum(values, message).optional());

/** The filters the list and the CSV share. */
export const ZGuestFilter = z.object({
  status: queryEnum(GUEST_STATUS_FILTERS, 'Choose confirmed, maybe, declined or waitlist.'),
  checked_in: queryEnum(CHECKED_IN_FILTERS, 'Choose yes or no.'),
  payment: queryEnum(PAYMENT_FILTERS, 'Choose paid or unpaid.'),
  /** A part of the name, e-mail or phone, or a 6-digit PIN. */
  q: z.preprocess(blankToUndefined, zText().max(SEARCH_MAX, `Use at most ${SEARCH_MAX} characters.`).optional()),
  sort: queryEnum(GUEST_SORTS, 'Sort by name, created_at or status.'),
  dir: queryEnum(SORT_DIRECTIONS, 'Choose asc or desc.'),
  /** `<questionId>:<optionId>`: guests whose answer to a choice question chose that option (docs/product.md#custom-questions). */
  answer: z.preprocess(blankToUndefined, z.string().regex(ANSWER_FILTER, 'Choose an option of a question.').optional()),
});
export type TGuestFilter = z.input<typeof ZGuestFilter>;
export type TGuestFilterParsed = z.output<typeof ZGuestFilter>;

const pageMsg = 'Choose a page from 1 on.';
export const ZGuestListQuery = ZGuestFilter.extend({
  page: z.preprocess(blankToUndefined, z.coerce.number({ error: pageMsg }).int(pageMsg).min(1, pageMsg).max(1_000_000, pageMsg).default(1)),
});
export type TGuestListQuery = z.input<typeof ZGuestListQuery>;
export type TGuestListQueryParsed = z.output<typeof ZGuestListQuery>;

const guestsMsg = `Choose ${GUESTS_MIN} to ${GUESTS_MAX} guests.`;
/** Staff change an answer: any of the two. */
export const ZGuestPatch = z
  .object({
    status: z.enum(RSVP_STATUSES, 'Choose confirmed, maybe or declined.').optional(),
    guest_count: z.number({ error: guestsMsg }).int(guestsMsg).min(GUESTS_MIN, guestsMsg).max(GUESTS_MAX, guestsMsg).optional(),
  })
  .refine((v) => v.status !== undefined || v.guest_count !== undefined, {
    message: 'Change the status or the number of guests.',
    path: ['status'],
  });
export type TGuestPatch = z.input<typeof ZGuestPatch>;

/** Largest selection one bulk send takes by ids (a filter has no limit). */
export const SEND_TICKETS_MAX_IDS = 5_000;
const idsMsg = 'Select guests from the list.';
/** E-mail the ticket to a selection (ids) or to every confirmed guest matching a filter. */
export const ZSendTickets = z
  .object({
    ids: z
      .array(z.string().regex(UUID_PATTERN, idsMsg), { error: idsMsg })
      .min(1, GUEST_LIST_MSG.noRecipients)
      .max(SEND_TICKETS_MAX_IDS, `Select at most ${SEND_TICKETS_MAX_IDS} guests at a time.`)
      .optional(),
    filter: ZGuestFilter.pick({ status: true, checked_in: true, payment: true, q: true }).optional(),
  })
  .refine((v) => (v.ids === undefined) !== (v.filter === undefined), { message: 'Send either ids or a filter.', path: ['ids'] });
export type TSendTickets = z.input<typeof ZSendTickets>;
export type TSendTicketsParsed = z.output<typeof ZSendTickets>;

export const ZShortLinkInput = z.object({ target: z.enum(SHORT_LINK_TARGETS, "Choose the target 'ticket'.") });
export type TShortLinkInput = z.input<typeof ZShortLinkInput>;

const limitMsg = 'Choose a limit from 1 to 100,000.';
/** Backfill QR codes: one event, or every event the user manages. */
export const ZQrBackfill = z.object({
  eventId: z.string({ error: 'Choose an event.' }).regex(UUID_PATTERN, 'Choose an event.').optional(),
  limit: z.number({ error: limitMsg }).int(limitMsg).min(1, limitMsg).max(100_000, limitMsg).default(BACKFILL_DEFAULT_LIMIT),
  /** Count what would change, change nothing. */
  dryRun: z.boolean({ error: 'Choose true or false.' }).default(false),
  /** Rotate every confirmed ticket (as Regenerate does, the guest e-mailed the new one), not just the missing ones. */
  force: z.boolean({ error: 'Choose true or false.' }).default(false),
});
export type TQrBackfill = z.input<typeof ZQrBackfill>;
export type TQrBackfillParsed = z.output<typeof ZQrBackfill>;

export type { TEventCounts, TEventListItem } from './events.responses.ts';
export type {
  TDashboardSummary,
  TGuestDetail,
  TGuestDetailAnswer,
  TGuestList,
  TGuestRow,
  TJob,
  TJobAnswer,
  TShortLink,
  TTicketSent,
} from './guests.responses.ts';
