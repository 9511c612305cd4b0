import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { MSG } from '../../../common/messages.ts';
import type { TOfflineDevice, TOfflineSnapshot } from '../../../common/schemas/checkin-offline.ts';
import { isUuid } from '../../../common/schemas/ids.ts';
import type { Db } from '../../db/client.ts';
import { user } from '../../db/schema/auth.ts';
import { checkin_devices } from '../../db/schema/checkins.ts';
import { events } from '../../db/schema/events.ts';
import { AppError, notFound } from '../../errors.ts';
import { displayNameSql } from '../../domain/display-name.ts';
import { type Actor, eventAccess } from '../../domain/event-access.ts';
import { offlineGuests } from './offline-snapshot.ts';
import { teamEvent } from './team-event.ts';
import { requireEventAccess } from '../../domain/managed-event.ts';

/** What a device's next contact hears when it may no longer hold the event's data: it wipes its copy. */
export const deviceGone = () => new AppError('gone', 'This device was signed out or revoked: its offline data is wiped.');
/** A session whose device the team revoked prepares no other: a lost phone's finder cannot download the list again. */
const sessionRevoked = () =>
  new AppError('gone', 'This device was revoked for this event by its team. Sign out and in again to prepare it for offline.');

export type DeviceRef = { id: string; label: string | null };

/**
 * Prepares (or, given its id, refreshes) this device for offline check-in of one event
 * (docs/decisions/0035-offline-door.md): the device row bound to the signed-in session, its key, and the guest
 * list hashed under that key. A team member only (404 otherwise); a device id of another session or revoked is 410,
 * and so is a new device on a session whose device of this event was revoked.
 */
export async function prepareOffline(opts: {
  db: Db;
  actor: Actor;
  sessionId: string;
  eventId: string;
  deviceId?: string;
  label?: string;
}): Promise<TOfflineSnapshot> {
  const event = await teamEvent(opts.db, opts.actor, opts.eventId);
  let device: { id: string; data_key: string };
  if (opts.deviceId) {
    device = await liveDevice(opts.db, { ...opts, deviceId: opts.deviceId });
  } else {
    const [revoked] = await opts.db
      .select({ id: checkin_devices.id })
      .from(checkin_devices)
      .where(
        and(eq(checkin_devices.session_id, opts.sessionId), eq(checkin_devices.event_id, event.id), isNotNull(checkin_devices.revoked_at)),
      )
      .limit(1);
    if (revoked) throw sessionRevoked();
    const [row] = await opts.db
      .insert(checkin_devices)
      .values({
        event_id: event.id,
        user_id: opts.actor.id,
        session_id: opts.sessionId,
        label: opts.label ?? null,
        data_key: randomBytes(32).toString('base64url'),
      })
      .returning({ id: checkin_devices.id, data_key: checkin_devices.data_key });
    device = row!;
  }
  const prepared_at = new Date().toISOString();
  const guests = await offlineGuests(opts.db, event.id, device.data_key);
  return { device_id: device.id, key: device.data_key, prepared_at, event, guests };
}

/** The device `deviceId` of the event, prepared by this user on this very session. */
const thisSessions = (o: { actor: Actor; sessionId: string; eventId: string; deviceId: string }) =>
  and(
    eq(checkin_devices.id, o.deviceId),
    eq(checkin_devices.event_id, o.eventId),
    eq(checkin_devices.user_id, o.actor.id),
    eq(checkin_devices.session_id, o.sessionId),
  );

/**
 * The device, while it may still hold the event's data: not revoked, of this user and of this very session
 * (signing out deletes its row), and the user still on the team. Else 410 (deviceGone). Marks it seen.
 */
export async function liveDevice(
  db: Db,
  opts: { actor: Actor; sessionId: string; eventId: string; deviceId: string; label?: string },
): Promise<{ id: string; data_key: string; label: string | null }> {
  if (!isUuid(opts.eventId)) throw notFound(MSG.eventNotFound);
  await teamEvent(db, opts.actor, opts.eventId);
  if (!isUuid(opts.deviceId)) throw deviceGone();
  const [row] = await db
    .update(checkin_devices)
    .set({ last_seen_at: sql`now()`, ...(opts.label ? { label: opts.label } : {}) })
    .where(and(thisSessions(opts), isNull(checkin_devices.revoked_at)))
    .returning({ id: checkin_devices.id, data_key: checkin_devices.data_key, label: checkin_devices.label });
  if (!row) throw deviceGone();
  return row;
}

/**
 * Revokes a prepared device: its user, or the event's owner or a co-host. Its next contact wipes its copy
 * (and its queue: a revoked device may be in the wrong hands), and its session prepares no other device for the
 * event. The device's own session removing it deletes the row instead. Revoking twice is fine; unknown is 404.
 */
export async function revokeDevice(opts: { db: Db; actor: Actor; sessionId: string; eventId: string; deviceId: string }): Promise<void> {
  await teamEvent(opts.db, opts.actor, opts.eventId);
  if (!isUuid(opts.deviceId)) throw notFound('Unknown device.');
  // "Remove offline data" on the device itself: nothing to keep it out of, so it may prepare again.
  const own = await opts.db.delete(checkin_devices).where(thisSessions(opts)).returning({ id: checkin_devices.id });
  if (own.length) return;
  const rows = await opts.db
    .update(checkin_devices)
    .set({ revoked_at: sql`coalesce(${checkin_devices.revoked_at}, now())` })
    .where(
      and(
        eq(checkin_devices.id, opts.deviceId),
        eq(checkin_devices.event_id, opts.eventId),
        or(eq(checkin_devices.user_id, opts.actor.id), sql`exists (${managedEvent(opts.db, opts.actor, opts.eventId)})`),
      ),
    )
    .returning({ id: checkin_devices.id });
  if (rows.length === 0) throw notFound('Unknown device.');
}

/** The event, as a subquery, when the actor is its owner or a co-host: who may revoke every device of it. */
const managedEvent = (db: Db, actor: Actor, eventId: string) =>
  db
    .select({ one: sql`1` })
    .from(events)
    .where(and(eq(events.id, eventId), eventAccess(actor, 'manage')));

/** How long a revoked device stays in the list, so the team sees the revoke took (docs/product.md#offline-door). */
const REVOKED_SHOWN = sql`interval '24 hours'`;

/**
 * The event's devices prepared for offline (docs/product.md#offline-door), for its owner and co-hosts (404 for
 * anyone else, door staff included, as for the team list): every one not revoked — each holds the guest list
 * until its next contact, even one whose session has expired — and those revoked in the last 24 hours, newest
 * contact first. `this_device` marks the caller's own session's. Never the key or the session.
 */
export async function listDevices(db: Db, opts: { actor: Actor; sessionId: string; eventId: string }): Promise<TOfflineDevice[]> {
  await requireEventAccess({ db, actor: opts.actor, id: opts.eventId, need: 'manage' });
  const rows = await db
    .select({
      id: checkin_devices.id,
      label: checkin_devices.label,
      user_name: displayNameSql,
      user_email: user.email,
      prepared_at: checkin_devices.created_at,
      last_seen_at: checkin_devices.last_seen_at,
      revoked_at: checkin_devices.revoked_at,
      this_device: sql<boolean>`${checkin_devices.session_id} = ${opts.sessionId}`,
    })
    .from(checkin_devices)
    .innerJoin(user, eq(user.id, checkin_devices.user_id))
    .where(
      and(
        eq(checkin_devices.event_id, opts.eventId),
        or(isNull(checkin_devices.revoked_at), gt(checkin_devices.revoked_at, sql`now() - ${REVOKED_SHOWN}`)),
      ),
    )
    .orderBy(sql`${checkin_devices.revoked_at} is not null`, desc(checkin_devices.last_seen_at), checkin_devices.id);
  return rows.map((r) => ({
    id: r.id,
    label: r.label,
    user: { name: r.user_name, email: r.user_email },
    prepared_at: r.prepared_at.toISOString(),
    last_seen_at: r.last_seen_at.toISOString(),
    revoked_at: r.revoked_at?.toISOString() ?? null,
    this_device: r.this_device,
  }));
}
