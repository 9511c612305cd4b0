import type { RsvpStatus } from '../../../common/constants.ts';
import { MSG } from '../../../common/messages.ts';
import { ZRsvpInput } from '../../../common/schemas/rsvps.ts';
import type { RsvpPayload } from './api/submit-rsvp.ts';

export type RsvpFormValues = {
  name: string;
  email: string;
  phone: string;
  notes: string;
  guest_count: number;
  status: RsvpStatus;
};
/** The form's fields, and the ticket picker of an event with ticket types (docs/product.md#ticket-types). */
export type RsvpField = keyof RsvpFormValues | 'tickets';
export type RsvpFieldErrors = Partial<Record<RsvpField, string>>;

export type RsvpValidation = { ok: true; data: RsvpPayload } | { ok: false; title: string; description: string; fields: RsvpFieldErrors };

/** The toast title docs/product.md#rsvp-rules pairs with a message ('Missing Information: …', 'Invalid Email: …'). */
export function titleFor(message: string): string {
  if (message === MSG.rsvpMissing) return MSG.missingInformation;
  if (message === MSG.invalidEmailText) return MSG.invalidEmail;
  return MSG.error;
}

/** Inline text under one field: the shared 'name and email' message becomes one per field. */
export function fieldMessage(field: string, message: string): string {
  if (message !== MSG.rsvpMissing) return message;
  if (field === 'name') return 'Please fill in your name.';
  if (field === 'email') return 'Please fill in your email address.';
  return message;
}

/** Server `fields` ({ name: '…' }) as inline errors for the form's own fields. */
export function toFieldErrors(fields: Record<string, string> | undefined): RsvpFieldErrors {
  const out: RsvpFieldErrors = {};
  for (const key of ['name', 'email', 'phone', 'notes', 'guest_count', 'status'] as const) {
    const m = fields?.[key];
    if (m) out[key] = fieldMessage(key, m);
  }
  if (fields?.tickets) out.tickets = fields.tickets;
  return out;
}

/**
 * Checks the form with the same schema the server uses. Missing name/e-mail wins over a bad e-mail
 * (the order of docs/product.md#rsvp-rules); blank optional fields are dropped from the payload.
 */
export function validateRsvp(values: RsvpFormValues): RsvpValidation {
  const parsed = ZRsvpInput.safeParse(values);
  if (parsed.success) {
    const { phone, notes, ...rest } = parsed.data;
    return { ok: true, data: { ...rest, ...(phone ? { phone } : {}), ...(notes ? { notes } : {}) } };
  }
  const fields: RsvpFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as RsvpField | undefined;
    if (key && !fields[key]) fields[key] = issue.message;
  }
  const missing = (['name', 'email'] as const).filter((k) => values[k].trim() === '');
  if (missing.length) {
    const only: RsvpFieldErrors = {};
    for (const k of missing) only[k] = fieldMessage(k, MSG.rsvpMissing);
    return { ok: false, title: MSG.missingInformation, description: MSG.rsvpMissing, fields: only };
  }
  const first = fields.email ?? Object.values(fields)[0] ?? MSG.rsvpFailed;
  return { ok: false, title: titleFor(first), description: first, fields: toFieldErrors(fields) };
}
