import { createHmac } from 'node:crypto';
import { isIP } from 'node:net';
import { normalizeEmail } from '../../common/schemas/email.ts';
import { HELD_SEATS_PER_CLIENT, HELD_SEATS_PER_EMAIL } from '../../common/constants.ts';
import { PAYMENT_MSG } from '../../common/payment-texts.ts';
import { type MessagePart, sessionStatement } from '../db/session-statements.ts';
import { AppError } from '../errors.ts';

/**
 * Bounds on unpaid checkout holds (docs/product.md#payments, issue 29): on one paid event, the seats held
 * by pending checkouts of one client network and of one normalised e-mail. Each hold's seat write checks
 * them in its own message, after its seat UPDATE (migration 0023's turnout_check_unpaid_holds), so the
 * count is exact across processes and costs the paid path no extra round trip; free answers never run it.
 */
export type HoldKeys = { client: string | null; email: string | null };

/** SQLSTATE the check raises; its DETAIL says which bound ('client' or 'email'). */
export const HOLD_LIMIT_FAILED = 'TH001';

const CHECK = sessionStatement('SELECT turnout_check_unpaid_holds($1::uuid, $2::text, $3::text, $4::int, $5::int) AS hold_check');

/** The statement a hold's seat write runs after its seat UPDATE (rsvps/seats.ts takeSeatsAndCommit). */
export function holdCheck(eventId: string, keys: HoldKeys): MessagePart {
  return { statement: CHECK, args: [eventId, keys.client, keys.email, HELD_SEATS_PER_CLIENT, HELD_SEATS_PER_EMAIL] };
}

/** The guest's 429 for a failed check, or undefined when `err` is something else. */
export function holdLimitError(err: unknown): AppError | undefined {
  const e = err as { code?: string; detail?: string };
  if (e?.code !== HOLD_LIMIT_FAILED) return undefined;
  return new AppError('hold_limit', e.detail === 'email' ? PAYMENT_MSG.holdsPerEmail : PAYMENT_MSG.holdsPerClient);
}

/**
 * The keys a hold is counted under: a keyed hash of the client's network (its address; an IPv6 client's
 * /64, which one subscriber usually has whole), so the RSVP row keeps no address; and the e-mail with the
 * spellings that reach one mailbox folded together. A client without an address (http/client-ip.ts's
 * 'unknown', e.g. a Unix-socket listener) gets no client key: lumping every such client together would
 * refuse honest guests, and the e-mail bound still holds.
 */
export function holdKeys(key: Buffer, ip: string, email: string): HoldKeys {
  const network = clientNetwork(ip);
  const client = network ? createHmac('sha256', key).update(`turnout:hold-client:${network}`).digest('base64url').slice(0, 22) : null;
  return { client, email: mailboxOf(email) };
}

/** An IPv4 address as is; an IPv6 address as its /64 prefix; undefined when it is not an address. */
export function clientNetwork(ip: string): string | undefined {
  const bare = ip.split('%')[0] ?? ip;
  const kind = isIP(bare);
  if (kind === 4) return bare;
  if (kind !== 6) return undefined;
  const groups = (s: string) => (s ? s.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : []);
  let all: string[];
  if (bare.includes('::')) {
    const [head = '', tail = ''] = bare.split('::');
    const h = groups(head);
    const t = groups(tail);
    all = [...h, ...Array<string>(Math.max(0, 8 - h.length - t.length)).fill('0'), ...t];
  } else all = groups(bare);
  return `${all
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

const GMAIL = new Set(['gmail.com', 'googlemail.com']);

/** Lower-cased, the local part's +tag dropped, and for Gmail its dots too (one mailbox, one key). */
export function mailboxOf(email: string): string {
  const lower = normalizeEmail(email);
  const at = lower.lastIndexOf('@');
  if (at < 1) return lower;
  let local = lower.slice(0, at);
  let domain = lower.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}
