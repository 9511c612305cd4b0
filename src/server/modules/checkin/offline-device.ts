import { randomBytes } from 'node:crypto';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { MSG } from '../../../common/messages.ts';
import type { TOfflineSnapshot } from '../../../common/schemas/checkin-offline.ts';
import { isUuid } from '../../../common/schemas/ids.ts';
import type { Db } from '../../db/client.ts';
import { checkin_devices } from '../../db/schema/checkins.ts';
import { events } from '../../db/schema/events.ts';
import { AppError, notFound } from '../../errors.ts';
import { type Actor, eventAccess } from '../../domain/event-access.ts';
import { offlineGuests } from './offline-snapshot.ts';
import { teamEvent } from './team-event.ts';

/** What a device's next contact hears when it may no longer hold the event's data: it wipes its copy. */
export const deviceGone = () => new AppError('gone', 'This device was signed out or revoked: its offline data is wiped.');

export type DeviceRef = { id: string; label: string | null };

/**
 * Prepares (or, given its id, refreshes) this device for offline check-in of one event
 * (docs/decisions/0035-offline-door.md): the device row bound to the signed-in session, its key, and the guest
 * list hashed under that key. A team member only (404 otherwise); a device id of another session or revoked is 410.
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
    .where(
      and(
        eq(checkin_devices.id, opts.deviceId),
        eq(checkin_devices.event_id, opts.eventId),
        eq(checkin_devices.user_id, opts.actor.id),
        eq(checkin_devices.session_id, opts.sessionId),
        isNull(checkin_devices.revoked_at),
      ),
    )
    .returning({ id: checkin_devices.id, data_key: checkin_devices.data_key, label: checkin_devices.label });
  if (!row) throw deviceGone();
  return row;
}

/**
 * Revokes a prepared device: its user, or the event's owner or a co-host. Its next contact wipes its copy
 * (and its queue: a revoked device may be in the wrong hands). Revoking twice is fine; unknown is 404.
 */
export async function revokeDevice(opts: { db: Db; actor: Actor; eventId: string; deviceId: string }): Promise<void> {
  await teamEvent(opts.db, opts.actor, opts.eventId);
  if (!isUuid(opts.deviceId)) throw notFound('Unknown device.');
  const managed = opts.db
    .select({ one: sql`1` })
    .from(events)
    .where(and(eq(events.id, opts.eventId), eventAccess(opts.actor, 'manage')));
  const rows = await opts.db
    .update(checkin_devices)
    .set({ revoked_at: sql`coalesce(${checkin_devices.revoked_at}, now())` })
    .where(
      and(
        eq(checkin_devices.id, opts.deviceId),
        eq(checkin_devices.event_id, opts.eventId),
        or(eq(checkin_devices.user_id, opts.actor.id), sql`exists (${managed})`),
      ),
    )
    .returning({ id: checkin_devices.id });
  if (rows.length === 0) throw notFound('Unknown device.');
}
