import type { TOfflineGuest } from '../../../../common/schemas/checkin-offline.ts';
import type { TCheckinGuest, TCheckinVerdict } from '../../../../common/schemas/checkin.responses.ts';
import type { CheckinRefusal } from '../../../../common/constants.ts';
import { CHECKIN_SEARCH_LIMIT } from '../../../../common/constants.ts';

/**
 * The door's decision with no network (docs/decisions/0035-offline-door.md), on the device's copy of the
 * guest list: the same rules as the server's scan statement (drizzle/0030, turnout_checkin_scan) — admissible,
 * what is left of the party (and of a scanned order ticket), a count that may not pass it.
 */
export type LocalList = {
  guests: Map<string, TOfflineGuest>;
  /** Code hash → the RSVP (and order ticket) it names. */
  byHash: Map<string, { rsvpId: string; ticketId?: string }>;
};

export function buildList(guests: TOfflineGuest[]): LocalList {
  const list: LocalList = { guests: new Map(), byHash: new Map() };
  for (const g of guests) {
    list.guests.set(g.rsvp_id, g);
    if (g.qr) list.byHash.set(g.qr, { rsvpId: g.rsvp_id });
    if (g.pin) list.byHash.set(g.pin, { rsvpId: g.rsvp_id });
    for (const t of g.tickets) {
      if (!list.byHash.has(t.qr)) list.byHash.set(t.qr, { rsvpId: g.rsvp_id, ticketId: t.id });
      // The door prefers an RSVP's PIN to a ticket's (docs/decisions/0028-ticket-types.md).
      if (!list.byHash.has(t.pin)) list.byHash.set(t.pin, { rsvpId: g.rsvp_id, ticketId: t.id });
    }
  }
  return list;
}

export type EventRef = TCheckinVerdict['event'];
export type LocalDecision = { verdict: TCheckinVerdict; delta: number; rsvpId: string | null; ticketId?: string };

/** The guest as a verdict card shows it. */
export function cardOf(g: TOfflineGuest, ticketId?: string): TCheckinGuest {
  const t = ticketId ? g.tickets.find((x) => x.id === ticketId) : undefined;
  return {
    rsvp_id: g.rsvp_id,
    name: g.name,
    phone: g.phone,
    guest_count: g.guest_count,
    checked_in_count: g.checked_in_count,
    status: g.status,
    payment_status: g.payment_status,
    code_prefix: g.code_prefix,
    checked_in_at: g.checked_in_at,
    last_checkin: g.checked_in_count > 0 ? g.last_checkin : null,
    ...(t ? { ticket: { label: t.label, admits: t.admits, checked_in_count: t.checked_in_count } } : {}),
  };
}

const refuse = (event: EventRef, reason: CheckinRefusal, g?: TOfflineGuest, ticketId?: string): LocalDecision => ({
  verdict: { ok: false, reason, admitted: 0, replay: false, event, guest: g ? cardOf(g, ticketId) : null },
  delta: 0,
  rsvpId: g?.rsvp_id ?? null,
  ticketId,
});

/** An admission (kind 'entry') or an undo of `count` (default: all that is left / all that are in), decided locally. */
export function decide(
  list: LocalList,
  event: EventRef,
  target: { rsvpId: string; ticketId?: string } | null,
  kind: 'entry' | 'undo',
  count?: number,
): LocalDecision {
  const g = target ? list.guests.get(target.rsvpId) : undefined;
  if (!g || !target) return refuse(event, 'invalid');
  const t = target.ticketId ? g.tickets.find((x) => x.id === target.ticketId) : undefined;
  let have: number;
  if (kind === 'entry') {
    if (t?.refund || g.payment_status === 'refunded') return refuse(event, 'refunded', g, t?.id);
    if (!g.admissible) return refuse(event, 'not_confirmed', g, t?.id);
    have = g.guest_count - g.checked_in_count;
    if (t) have = Math.min(have, t.admits - t.checked_in_count);
    // By the order: not the admissions of its tickets whose refund is under way (still in the party's size).
    else for (const x of g.tickets) if (x.refund === 'under_way') have -= x.admits;
  } else have = g.checked_in_count;
  const k = count ?? have;
  if (have <= 0) return refuse(event, kind === 'entry' ? 'already_checked_in' : 'not_checked_in', g, t?.id);
  if (k > have) return refuse(event, 'too_many', g, t?.id);
  const delta = kind === 'entry' ? k : -k;
  return {
    verdict: { ok: true, reason: null, admitted: delta, replay: false, event, guest: null },
    delta,
    rsvpId: g.rsvp_id,
    ticketId: t?.id,
  };
}

/** Applies an admission or undo to the local list (a decision made here, or one the server recorded). */
export function apply(
  list: LocalList,
  change: { rsvpId: string; ticketId?: string; delta: number; at: string; device: string | null; by: string | null },
): TOfflineGuest | undefined {
  const g = list.guests.get(change.rsvpId);
  if (!g || change.delta === 0) return g;
  g.checked_in_count = Math.max(0, Math.min(g.guest_count, g.checked_in_count + change.delta));
  const t = change.ticketId ? g.tickets.find((x) => x.id === change.ticketId) : undefined;
  if (t) t.checked_in_count = Math.max(0, Math.min(t.admits, t.checked_in_count + change.delta));
  else if (change.delta < 0) {
    // An undo by the order gives back its tickets' admissions, the latest first (as the server does).
    let back = -change.delta;
    for (const x of [...g.tickets].reverse()) {
      const take = Math.min(back, x.checked_in_count);
      x.checked_in_count -= take;
      back -= take;
    }
  }
  if (change.delta > 0) {
    g.last_checkin = { at: change.at, by: change.by, device: change.device };
    g.checked_in_at ??= change.at;
  } else if (g.checked_in_count === 0) g.checked_in_at = null;
  return g;
}

/** Guests and RSVPs in and pending, as the stats panel counts them (admissible guests only). */
export function localCounts(list: LocalList) {
  const c = { guests: { total: 0, checked_in: 0 }, rsvps: { total: 0, checked_in: 0 } };
  for (const g of list.guests.values()) {
    if (!g.admissible) continue;
    c.guests.total += g.guest_count;
    c.guests.checked_in += g.checked_in_count;
    c.rsvps.total += 1;
    if (g.checked_in_count > 0) c.rsvps.checked_in += 1;
  }
  return c;
}

const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/** Search on the local list by name, e-mail or phone (a PIN: by its hash, `pinHit`); admissible guests, by name. */
export function searchLocal(list: LocalList, q: string, pinHit?: string): TOfflineGuest[] {
  const needle = fold(q.trim());
  if (!needle) return [];
  const digits = needle.replace(/\D/g, '');
  const out: TOfflineGuest[] = [];
  for (const g of list.guests.values()) {
    if (!g.admissible) continue;
    const hit =
      (pinHit !== undefined && pinHit === g.rsvp_id) ||
      fold(g.name).includes(needle) ||
      fold(g.email).includes(needle) ||
      (digits.length >= 4 && (g.phone ?? '').replace(/\D/g, '').includes(digits));
    if (hit) out.push(g);
  }
  return out.sort((a, b) => a.name.localeCompare(b.name)).slice(0, CHECKIN_SEARCH_LIMIT);
}
