import { z } from 'zod';
import { TEAM_ROLES } from '../event-roles.ts';
import { zEmail } from './email.ts';
import { zUuid } from './ids.ts';
import { zText } from './text.ts';
import { MSG } from '../messages.ts';

/**
 * Requests of the door's check-in API (docs/product.md#check-in, ADR 0014): a team member of the event
 * only (404 for anyone else); routes and answers are listed in /api/openapi.json. A redeem or undo
 * carries a client nonce, so a retry answers its first verdict (`replay`) and an offline queue can sync.
 */

/** What staff typed or scanned: a QR's content (our token, its verification URL, a legacy payload) or a 6-digit PIN. */
const code = zText({ error: 'Scan a ticket or type its PIN.' }).min(1, 'Scan a ticket or type its PIN.').max(4096, 'This is not a ticket.');

export const ZVerifyCode = z.object({ code });

/** A scan's own fields, shared with the offline door's sync (checkin-offline.ts). */
export const scanNonce = z
  .string({ error: 'A client nonce is needed.' })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'Use 8 to 64 letters, digits, - or _.');
export const scanDevice = zText().max(60, 'Use at most 60 characters.').optional();
/** When the device scanned: a date the database can store and a door can have seen (years 2000 to 2099). */
export const scanTime = z.iso.datetime({ offset: true, error: 'Use an ISO date and time.' }).refine((v) => {
  const year = new Date(v).getUTCFullYear();
  return year >= 2000 && year < 2100;
}, 'Use a date and time between the years 2000 and 2099.');
const nonce = scanNonce;
const device = scanDevice;
const scannedAt = scanTime.optional();
const count = z
  .number({ error: 'Admit 1 to 10 guests.' })
  .int('Admit 1 to 10 guests.')
  .min(1, 'Admit 1 to 10 guests.')
  .max(10, 'Admit 1 to 10 guests.')
  .optional();

/** Admit: by scanned/typed `code`, or by `rsvp_id` (from search). */
export const ZRedeem = z
  .object({ code: code.optional(), rsvp_id: zUuid('Unknown guest.').optional(), count, nonce, scanned_at: scannedAt, device })
  .refine((v) => Boolean(v.code) !== Boolean(v.rsvp_id), { message: 'Give a ticket code or a guest, not both.', path: ['code'] });
export type TRedeem = z.input<typeof ZRedeem>;

/** Take back admissions of one RSVP (default: all of them). */
export const ZUndo = z.object({ rsvp_id: zUuid('Unknown guest.'), count, nonce, scanned_at: scannedAt, device });
export type TUndo = z.input<typeof ZUndo>;

export const ZCheckinSearchQuery = z.object({ q: zText().max(100, 'Use at most 100 characters.').default('') });

/** The public verification page: the QR's content and, optionally, the event staff selected. */
export const ZVerifyTicket = z.object({ code, event_id: zUuid(MSG.eventNotFound).optional() });

/** Inviting a team member: co-host (manages the event) or door staff (its check-in only). */
export const ZHostInput = z.object({ email: zEmail(MSG.invalidEmailText), role: z.enum(TEAM_ROLES).default('cohost') });
export const ZHostRole = z.object({ role: z.enum(TEAM_ROLES) });

export { CHECKIN_REFUSALS, type CheckinRefusal } from '../constants.ts';
