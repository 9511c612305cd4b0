import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { OFFLINE_DOOR_DB } from '../../../../common/checkin-app.ts';
import type { DeviceKeys, Sealed } from './offline-crypto.ts';

/**
 * What a prepared door device keeps in IndexedDB (docs/decisions/0035-offline-door.md). Everything about
 * guests is sealed with the device's AES key; in the clear are only ids, times, counts and queue order.
 */
export type DeviceRecord = { event_id: string; device_id: string; user_id: string; by: string | null; keys: DeviceKeys };
export type SnapshotRecord = { event_id: string; title: string; prepared_at: string; count: number; sealed: Sealed };
/** A scan made here: `queued` until the server has it, then `synced` (kept until the next guest list includes it). */
export type QueueRecord = { nonce: string; event_id: string; seq: number; state: 'queued' | 'synced'; sealed: Sealed };
export type ConflictRecord = { key: string; event_id: string; sealed: Sealed };

interface DoorDb extends DBSchema {
  devices: { key: string; value: DeviceRecord };
  snapshots: { key: string; value: SnapshotRecord };
  queue: { key: string; value: QueueRecord; indexes: { by_event: string } };
  conflicts: { key: string; value: ConflictRecord; indexes: { by_event: string } };
}

const NAME = OFFLINE_DOOR_DB;
let opening: Promise<IDBPDatabase<DoorDb>> | null = null;

export function doorDb(): Promise<IDBPDatabase<DoorDb>> {
  opening ??= openDB<DoorDb>(NAME, 1, {
    upgrade(db) {
      db.createObjectStore('devices', { keyPath: 'event_id' });
      db.createObjectStore('snapshots', { keyPath: 'event_id' });
      db.createObjectStore('queue', { keyPath: 'nonce' }).createIndex('by_event', 'event_id');
      db.createObjectStore('conflicts', { keyPath: 'key' }).createIndex('by_event', 'event_id');
    },
    // Signing out deletes the database (lib/use-sign-out.ts): this connection gives way at once.
    blocking() {
      void opening?.then((db) => db.close());
      opening = null;
    },
  });
  return opening;
}

/** Everything this device holds of one event: device keys, guest list, queue and conflicts. */
export async function wipeEvent(eventId: string): Promise<void> {
  const db = await doorDb();
  const tx = db.transaction(['devices', 'snapshots', 'queue', 'conflicts'], 'readwrite');
  await Promise.all([
    tx.objectStore('devices').delete(eventId),
    tx.objectStore('snapshots').delete(eventId),
    ...(await tx.objectStore('queue').index('by_event').getAllKeys(eventId)).map((k) => tx.objectStore('queue').delete(k)),
    ...(await tx.objectStore('conflicts').index('by_event').getAllKeys(eventId)).map((k) => tx.objectStore('conflicts').delete(k)),
  ]);
  await tx.done;
}

/** The events this device is prepared for. */
export async function preparedEvents(): Promise<SnapshotRecord[]> {
  if (typeof indexedDB === 'undefined') return [];
  return (await doorDb()).getAll('snapshots');
}

/** Everything of every event (signing out): the database goes. */
export async function wipeAll(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  const db = await doorDb();
  const tx = db.transaction(['devices', 'snapshots', 'queue', 'conflicts'], 'readwrite');
  await Promise.all(['devices', 'snapshots', 'queue', 'conflicts'].map((s) => tx.objectStore(s as 'devices').clear()));
  await tx.done;
}
