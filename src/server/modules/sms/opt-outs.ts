import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sms_opt_outs } from '../../db/schema/sms.ts';

/** Twilio's "Attempt to send to unsubscribed recipient": the number replied STOP. */
export const TWILIO_OPTED_OUT = 21610;

/** The provider's error code and text of a failed send (the Twilio SDK's RestException carries both). */
export function providerError(err: unknown): { status?: number; code?: number; message: string } {
  const e = err as { status?: unknown; code?: unknown; message?: unknown };
  return {
    status: typeof e?.status === 'number' ? e.status : undefined,
    code: typeof e?.code === 'number' ? e.code : undefined,
    message: typeof e?.message === 'string' ? e.message : String(err),
  };
}

/**
 * A refusal that the same request would get again (docs/decisions/0017-sms.md): a 4xx from Twilio other
 * than 429 (bad number, opted out, unverified sender). The outbox gives such a message up at once
 * instead of retrying it for hours.
 */
export function isPermanentSmsFailure(err: unknown): boolean {
  const { status } = providerError(err);
  return status !== undefined && status >= 400 && status < 500 && status !== 429;
}

/** Network errors raised before a request reaches the server: nothing can have been sent. */
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * The SMS certainly did not leave: the connection to Twilio was never made. Any other failure
 * without an answer from Twilio (a timeout, a connection lost mid-request) leaves the outcome unknown,
 * and the outbox does not send it again (docs/decisions/0017-sms.md: at most once).
 */
export function smsNeverLeft(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return typeof code === 'string' && NEVER_CONNECTED.has(code);
}

/** Called by the outbox when an SMS failed: a 21610 puts the number on the opt-out list. */
export async function noteSmsFailure(db: DbOrTx, to: string, err: unknown): Promise<void> {
  if (providerError(err).code === TWILIO_OPTED_OUT) await db.insert(sms_opt_outs).values({ phone: to }).onConflictDoNothing();
}

/** Which of these numbers opted out. */
export async function optedOut(db: DbOrTx, phones: string[]): Promise<Set<string>> {
  if (phones.length === 0) return new Set();
  const rows = await db.select({ phone: sms_opt_outs.phone }).from(sms_opt_outs).where(inArray(sms_opt_outs.phone, phones));
  return new Set(rows.map((r) => r.phone));
}
