import { FORGET_SESSION_EVENT } from '../../../../common/checkin-app.ts';
import { codeHash, offlineCodeOf } from '../../../../common/offline-codes.ts';
import {
  OFFLINE_SYNC_BATCH,
  type TOfflineConflict,
  type TOfflineGuest,
  type TOfflineScan,
  type TOfflineSnapshot,
  type TOfflineSyncResult,
} from '../../../../common/schemas/checkin-offline.ts';
import type { TCheckinVerdict } from '../../../../common/schemas/checkin.responses.ts';
import { ApiError, api } from '../../../lib/api.ts';
import { toUserMessage } from '../../../lib/user-message.ts';
import { checkinPath, offlineDevicePath, revokeOfflineDevice } from '../api/checkin.ts';
import { newNonce } from '../device.ts';
import { apply, buildList, cardOf, decide, type EventRef, type LocalList, localCounts, searchLocal } from './local-judge.ts';
import { importDeviceKeys, seal, unseal } from './offline-crypto.ts';
import { type DeviceRecord, doorDb, preparedEvents, type QueueRecord, wipeEvent } from './offline-db.ts';
import { doorWorkerInPlace } from './register-worker.ts';

/** A scan made on this device, as queued (sealed) until the server has it. */
export type QueuedScan = {
  nonce: string;
  kind: 'entry' | 'undo';
  code?: string;
  rsvp_id: string;
  ticket_id?: string;
  count: number;
  scanned_at: string;
  device: string | null;
  by: string | null;
  /** What it changed here (negative for an undo); once synced, what the server recorded. */
  delta: number;
  /** Made with no network (uploaded by sync) or online (kept only to show it until the next guest list). */
  offline: boolean;
};

export type DoorState = {
  status: 'loading' | 'none' | 'ready';
  busy: 'preparing' | 'syncing' | null;
  online: boolean;
  title: string | null;
  preparedAt: string | null;
  /** RSVPs on the local list. */
  guests: number;
  queued: number;
  conflicts: TOfflineConflict[];
  error: string | null;
  /** Bumped whenever the local list changes (search results re-read it). */
  version: number;
  /** After preparing: whether the screens themselves load with no network (the service worker is in place). */
  appOffline: boolean | null;
};

/** How often a prepared, online device checks in (conflicts, revocation) and how often it refreshes its list. */
export const HEARTBEAT_MS = 20_000;
export const REFRESH_MS = 5 * 60_000;
/**
 * How long an upload of scans, and a download of the guest list, may wait for an answer before the device
 * counts as offline: a venue's Wi-Fi without uplink takes requests and never answers them.
 */
export const SYNC_WAIT_MS = 10_000;
export const SNAPSHOT_WAIT_MS = 60_000;
/** How long a tab lets another's burst of changes settle before it reads the stored list again. */
const REREAD_MS = 200;

type Entry = { seq: number; state: QueueRecord['state']; scan: QueuedScan };
/** The conflicts last reported, and those the staff dismissed (sealed in IndexedDB: they name guests). */
type KeptConflicts = { list: TOfflineConflict[]; dismissed: string[] };
const conflictKey = (c: TOfflineConflict) => `${c.nonce}|${c.other_at}`;

/**
 * One event's offline door on this device (docs/product.md#offline-door, docs/decisions/0035-offline-door.md):
 * the decrypted guest list in memory, with every scan made here since that list was prepared applied on top;
 * admissions with no network are queued in IndexedDB before their verdict shows, and uploaded in order when
 * the network is back. Operations that touch the stored list run one at a time.
 */
export class OfflineDoor {
  private listeners = new Set<() => void>();
  private state: DoorState = {
    status: 'loading',
    busy: null,
    online: typeof navigator === 'undefined' ? true : navigator.onLine,
    title: null,
    preparedAt: null,
    guests: 0,
    queued: 0,
    conflicts: [],
    error: null,
    version: 0,
    appOffline: null,
  };
  private list: LocalList | null = null;
  private device: DeviceRecord | null = null;
  private event: EventRef | null = null;
  private entries = new Map<string, Entry>();
  private chain: Promise<unknown> = Promise.resolve();
  private dismissed = new Set<string>();
  private reported: TOfflineConflict[] = [];
  private seq = 0;
  /** The upload under way: one at a time, and never inside `chain`, so no verdict waits for the network. */
  private syncing: Promise<void> | null = null;
  private rereading = false;
  /** A sync was asked for while one was under way (the network came back, say): it runs once that one ends. */
  private again = false;

  constructor(readonly eventId: string) {
    // Each page load is a contact: queued scans go, conflicts come, a revoked device learns it and wipes.
    void this.serial(() => this.load()).then(
      () => this.sync(),
      () => this.set({ status: 'none' }),
    );
  }

  subscribe = (fn: () => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };
  getState = () => this.state;

  private set(patch: Partial<DoorState>) {
    this.state = { ...this.state, ...patch };
    for (const fn of this.listeners) fn();
  }

  private serial<T>(run: () => Promise<T>): Promise<T> {
    const next = this.chain.then(run, run);
    this.chain = next.catch(() => {});
    return next;
  }

  private changed(extra: Partial<DoorState> = {}) {
    let queued = 0;
    for (const e of this.entries.values()) if (e.state === 'queued') queued++;
    this.set({ queued, guests: this.list?.guests.size ?? 0, version: this.state.version + 1, ...extra });
  }

  setOnline(online: boolean) {
    if (online !== this.state.online) this.set({ online });
    if (online) void this.sync();
  }

  /** Reads what IndexedDB holds for the event: nothing (`none`), or the list with this device's scans on top. */
  private async load() {
    if (typeof indexedDB === 'undefined') return this.set({ status: 'none' });
    const db = await doorDb();
    const [device, snapshot, queue, conflicts] = await Promise.all([
      db.get('devices', this.eventId),
      db.get('snapshots', this.eventId),
      db.getAllFromIndex('queue', 'by_event', this.eventId),
      db.getAllFromIndex('conflicts', 'by_event', this.eventId),
    ]);
    if (!device || !snapshot) {
      this.reset();
      return this.set({ status: 'none' });
    }
    const data = await unseal<{ event: EventRef; guests: TOfflineGuest[] }>(device.keys.aes, snapshot.sealed);
    this.device = device;
    this.event = data.event;
    this.list = buildList(data.guests);
    this.entries.clear();
    for (const q of queue.sort((a, b) => a.seq - b.seq)) {
      const scan = await unseal<QueuedScan>(device.keys.aes, q.sealed);
      this.entries.set(q.nonce, { seq: q.seq, state: q.state, scan });
      this.seq = Math.max(this.seq, q.seq);
      apply(this.list, {
        rsvpId: scan.rsvp_id,
        ticketId: scan.ticket_id,
        delta: scan.delta,
        at: scan.scanned_at,
        device: scan.device,
        by: scan.by,
      });
    }
    const kept = conflicts[0] ? await unseal<KeptConflicts>(device.keys.aes, conflicts[0].sealed) : { list: [], dismissed: [] };
    this.dismissed = new Set(kept.dismissed);
    this.changed({
      status: 'ready',
      title: data.event.title,
      preparedAt: snapshot.prepared_at,
      conflicts: this.shown(kept.list),
      error: null,
    });
  }

  /** Drops what is in memory (the database is already gone). */
  forget() {
    this.reset();
    this.changed({ status: 'none', title: null, preparedAt: null, conflicts: [], queued: 0, error: null });
  }

  private reset() {
    this.list = null;
    this.device = null;
    this.event = null;
    this.entries.clear();
  }

  /** Prepares this device (first time) or refreshes its list (refresh). */
  async prepare(opts: { label: string; userId: string; by: string | null }): Promise<void> {
    this.set({ busy: 'preparing', error: null });
    try {
      await this.refresh(opts);
      // Asks the browser not to clear the copy under storage pressure (it may say no; nothing else changes).
      void navigator.storage?.persist?.().catch(() => false);
      // Ready means usable with no network: the app itself too, which its worker stores while installing.
      this.set({ appOffline: await doorWorkerInPlace() });
    } catch (err) {
      this.set({ error: toUserMessage(err, 'Could not prepare this device for offline.') });
      throw err;
    } finally {
      this.set({ busy: null });
    }
  }

  /**
   * Downloads the server's snapshot (scans go on meanwhile: no lock is held while the network is asked) and
   * then stores it, sealed with the device key, in IndexedDB (storeSnapshot).
   */
  private async refresh(opts: { label?: string; userId: string; by: string | null }) {
    const path = checkinPath(this.eventId, 'offline');
    const label = opts.label ? { device: opts.label } : {};
    const post = (device_id?: string) =>
      api<TOfflineSnapshot>(path, { method: 'POST', body: { device_id, ...label }, signal: AbortSignal.timeout(SNAPSHOT_WAIT_MS) });
    // Online admissions noted after this point may not be in the snapshot: they stay on top of it.
    const upTo = this.seq;
    let snap: TOfflineSnapshot;
    try {
      snap = await post(this.device?.device_id);
    } catch (err) {
      // A refresh of a device revoked meanwhile fails like a sync (its data goes); a new prepare starts afresh.
      if (!(err instanceof ApiError && err.code === 'gone') || !opts.label) throw err;
      await this.serial(() => this.wipeHere());
      snap = await post();
    }
    await this.serial(() => this.storeSnapshot(snap, opts, upTo));
  }

  /**
   * The snapshot in IndexedDB, in place of the last. Scans synced before its download are in it, so their
   * entries go; queued ones, and online ones noted since, stay on top.
   */
  private async storeSnapshot(snap: TOfflineSnapshot, opts: { userId: string; by: string | null }, upTo: number) {
    const keys = this.device?.device_id === snap.device_id ? this.device.keys : await importDeviceKeys(snap.key);
    const device: DeviceRecord = { event_id: this.eventId, device_id: snap.device_id, user_id: opts.userId, by: opts.by, keys };
    const sealed = await seal(keys.aes, { event: snap.event, guests: snap.guests });
    const db = await doorDb();
    const tx = db.transaction(['devices', 'snapshots', 'queue'], 'readwrite');
    await tx.objectStore('devices').put(device);
    await tx.objectStore('snapshots').put({
      event_id: this.eventId,
      title: snap.event.title,
      prepared_at: snap.prepared_at,
      count: snap.guests.length,
      sealed,
    });
    for (const [nonce, e] of this.entries) if (e.state === 'synced' && e.seq <= upTo) await tx.objectStore('queue').delete(nonce);
    await tx.done;
    told(this.eventId);
    await this.load();
  }

  /**
   * An admission by scanned or typed code, decided here (no network). Queued before it is shown. `nonce`: the
   * online attempt's, when this judges a request that got no answer (the server may have it after all).
   */
  async scan(code: string, device: string, nonce = newNonce()): Promise<TCheckinVerdict> {
    return this.serial(async () => {
      const { list, device: d } = this.ready();
      const oc = offlineCodeOf(code);
      const target = oc ? (list.byHash.get(await codeHash(d.keys.hmac, oc)) ?? null) : null;
      return this.record(target, 'entry', undefined, device, nonce, code);
    });
  }

  /** An admission or undo of a guest found by search or shown on a card, decided here (`nonce` as for scan). */
  async change(
    rsvpId: string,
    kind: 'entry' | 'undo',
    count: number | undefined,
    device: string,
    nonce = newNonce(),
  ): Promise<TCheckinVerdict> {
    return this.serial(async () => this.record({ rsvpId }, kind, count, device, nonce));
  }

  private ready() {
    if (!this.list || !this.event || !this.device) throw new Error('This device is not prepared for offline check-in of this event.');
    return { list: this.list, event: this.event, device: this.device };
  }

  private async record(
    target: { rsvpId: string; ticketId?: string } | null,
    kind: 'entry' | 'undo',
    count: number | undefined,
    label: string,
    nonce: string,
    code?: string,
  ): Promise<TCheckinVerdict> {
    const { list, event, device } = this.ready();
    const d = decide(list, event, target, kind, count);
    if (d.delta === 0 || !d.rsvpId) return d.verdict;
    const scan: QueuedScan = {
      nonce,
      kind,
      ...(code && kind === 'entry' ? { code } : {}),
      rsvp_id: d.rsvpId,
      ...(d.ticketId ? { ticket_id: d.ticketId } : {}),
      count: Math.abs(d.delta),
      scanned_at: new Date().toISOString(),
      device: label,
      by: device.by,
      delta: d.delta,
      offline: true,
    };
    await this.store(scan, 'queued');
    const g = apply(list, { rsvpId: d.rsvpId, ticketId: d.ticketId, delta: d.delta, at: scan.scanned_at, device: label, by: device.by });
    this.changed();
    return { ...d.verdict, guest: g ? cardOf(g, d.ticketId) : null };
  }

  private async store(scan: QueuedScan, state: QueueRecord['state'], seq = ++this.seq) {
    const { device } = this.ready();
    const sealed = await seal(device.keys.aes, scan);
    await (await doorDb()).put('queue', { nonce: scan.nonce, event_id: this.eventId, seq, state, sealed });
    this.entries.set(scan.nonce, { seq, state, scan });
    told(this.eventId);
  }

  /** Another tab of this browser changed what is stored for the event: read it again (once per burst of changes). */
  reread() {
    if (this.state.status !== 'ready' || this.rereading) return;
    this.rereading = true;
    setTimeout(() => {
      this.rereading = false;
      void this.serial(() => this.load());
    }, REREAD_MS);
  }

  /** An admission made online on this device: kept on the local list until the next refresh brings it. */
  noteOnline(v: TCheckinVerdict, label: string) {
    if (this.state.status !== 'ready' || v.replay || v.admitted === 0 || !v.guest) return;
    const rsvpId = v.guest.rsvp_id;
    const kind = v.admitted > 0 ? 'entry' : 'undo';
    void this.serial(async () => {
      const { list, device } = this.ready();
      const scan: QueuedScan = {
        nonce: newNonce(),
        kind,
        rsvp_id: rsvpId,
        count: Math.abs(v.admitted),
        scanned_at: new Date().toISOString(),
        device: label,
        by: device.by,
        delta: v.admitted,
        offline: false,
      };
      await this.store(scan, 'synced');
      apply(list, { rsvpId, delta: v.admitted, at: scan.scanned_at, device: label, by: device.by });
      this.changed();
    });
  }

  /** Waits for the stored queue to be read and any upload under way, then syncs (a no-op offline): `queued` is then what is left. */
  async flush(): Promise<void> {
    await this.serial(async () => {});
    await this.syncing;
    await this.sync();
  }

  /** Local search (no network): admissible guests by name, e-mail, phone or PIN. */
  async search(q: string): Promise<TOfflineGuest[]> {
    if (!this.list || !this.device) return [];
    const pin = offlineCodeOf(q);
    const hit = pin?.kind === 'pin' ? this.list.byHash.get(await codeHash(this.device.keys.hmac, pin)) : undefined;
    return searchLocal(this.list, q, hit?.rsvpId);
  }

  counts() {
    return this.list ? localCounts(this.list) : null;
  }

  /**
   * Uploads the queue in order (batches of OFFLINE_SYNC_BATCH), records what the server made of each scan,
   * keeps the conflicts it reports, and refreshes the list after anything was uploaded. An empty queue still
   * checks in (conflicts from other devices, revocation). 410: the device is revoked or signed out: wiped.
   * One upload at a time; scans made meanwhile are judged at once and go with the next one.
   */
  sync(): Promise<void> {
    if (this.state.status !== 'ready' || typeof navigator === 'undefined' || !navigator.onLine) return Promise.resolve();
    if (this.syncing) {
      this.again = true;
      return this.syncing;
    }
    this.syncing = this.upload().finally(() => {
      this.syncing = null;
      if (this.again) {
        this.again = false;
        void this.sync();
      }
    });
    return this.syncing;
  }

  private async upload() {
    await this.serial(async () => {}); // the stored queue is read first
    const device = this.device;
    if (!device) return;
    const url = `${offlineDevicePath(this.eventId, device.device_id)}/sync`;
    let uploaded = false;
    try {
      for (;;) {
        const batch = [...this.entries.entries()]
          .filter(([, e]) => e.state === 'queued')
          .sort((a, b) => a[1].seq - b[1].seq)
          .slice(0, OFFLINE_SYNC_BATCH);
        // A check-in with nothing to send says nothing on screen.
        if (batch.length) this.set({ busy: 'syncing', error: null });
        const answer = await api<TOfflineSyncResult>(url, {
          method: 'POST',
          body: { scans: batch.map(([, e]) => toUpload(e.scan)) },
          signal: AbortSignal.timeout(SYNC_WAIT_MS),
        });
        await this.serial(async () => {
          if (this.device !== device) return; // wiped meanwhile
          for (const r of answer.results) {
            const e = this.entries.get(r.nonce);
            if (!e) continue;
            // What the server recorded replaces what was decided here (a guest let in elsewhere first).
            if (r.admitted !== e.scan.delta && this.list) {
              apply(this.list, {
                rsvpId: e.scan.rsvp_id,
                ticketId: e.scan.ticket_id,
                delta: r.admitted - e.scan.delta,
                at: e.scan.scanned_at,
                device: e.scan.device,
                by: e.scan.by,
              });
            }
            await this.store({ ...e.scan, delta: r.admitted }, 'synced', e.seq);
          }
          await this.keepConflicts(answer.conflicts);
        });
        uploaded ||= batch.length > 0;
        this.changed();
        if (batch.length < OFFLINE_SYNC_BATCH) break;
      }
      const stale = Date.now() - Date.parse(this.state.preparedAt ?? '') > REFRESH_MS;
      if (uploaded || stale) await this.refresh({ userId: device.user_id, by: device.by });
      // It answered; unless the browser lost the network meanwhile (its 'offline' event came after the answer).
      this.set({ online: navigator.onLine });
    } catch (err) {
      // No answer at all, or none in time: the network is gone whatever the browser thinks.
      if (err instanceof ApiError && err.code === 'network') this.set({ online: false });
      else if (err instanceof ApiError && (err.code === 'gone' || err.code === 'unauthenticated' || err.code === 'not_found')) {
        const lost = this.state.queued;
        await this.serial(() => this.wipeHere());
        const unsent = lost === 1 ? ', with 1 scan it had not sent' : lost ? `, with ${lost} scans it had not sent` : '';
        this.set({ status: 'none', error: `This device was signed out or revoked for this event: its offline data is wiped${unsent}.` });
      } else this.set({ error: toUserMessage(err, 'Sync failed; trying again soon.') });
    } finally {
      if (this.state.busy === 'syncing') this.set({ busy: null });
    }
  }

  private async keepConflicts(list: TOfflineConflict[]) {
    const { device } = this.ready();
    // Dismissed ones the server no longer reports need not be remembered.
    const keys = new Set(list.map(conflictKey));
    this.dismissed = new Set([...this.dismissed].filter((k) => keys.has(k)));
    this.reported = list;
    const kept: KeptConflicts = { list, dismissed: [...this.dismissed] };
    await (await doorDb()).put('conflicts', { key: this.eventId, event_id: this.eventId, sealed: await seal(device.keys.aes, kept) });
    this.set({ conflicts: this.shown(list) });
  }

  private shown(list: TOfflineConflict[]) {
    this.reported = list;
    return list.filter((c) => !this.dismissed.has(conflictKey(c)));
  }

  /** "Got it": the conflicts shown now stay hidden on this device (the server keeps reporting them). */
  dismissConflicts(): Promise<void> {
    return this.serial(async () => {
      for (const c of this.state.conflicts) this.dismissed.add(conflictKey(c));
      if (this.device) await this.keepConflicts(this.reported);
    });
  }

  private async wipeHere() {
    await wipeEvent(this.eventId);
    this.reset();
    this.changed({ status: 'none', title: null, preparedAt: null, conflicts: [], queued: 0 });
  }

  /** "Remove offline data": revokes this device on the server (best effort) and wipes it here. */
  remove(): Promise<void> {
    return this.serial(async () => {
      const id = this.device?.device_id;
      if (id && navigator.onLine) {
        await revokeOfflineDevice(this.eventId, id, AbortSignal.timeout(SYNC_WAIT_MS)).catch(() => {});
      }
      await this.wipeHere();
    });
  }
}

/** A queued scan as the sync route takes it: by its code when it was scanned, else by the guest. */
function toUpload(s: QueuedScan): TOfflineScan {
  const base = { nonce: s.nonce, kind: s.kind, count: s.count, scanned_at: s.scanned_at, ...(s.device ? { device: s.device } : {}) };
  return s.code && s.kind === 'entry' ? { ...base, code: s.code } : { ...base, rsvp_id: s.rsvp_id };
}

const doors = new Map<string, OfflineDoor>();
let started = false;

/**
 * The other tabs of this browser (docs/product.md#offline-door): each keeps the list in memory, so a scan or a
 * new list stored by one is announced and the others read it again; two tabs never judge on different lists.
 */
const tabs = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('turnout-door');
const told = (eventId: string) => tabs?.postMessage({ eventId });

/** The one OfflineDoor of an event in this tab; the first call starts the online/offline listeners and the heartbeat. */
export function doorFor(eventId: string): OfflineDoor {
  let door = doors.get(eventId);
  if (!door) {
    door = new OfflineDoor(eventId);
    doors.set(eventId, door);
  }
  if (!started && typeof window !== 'undefined') {
    started = true;
    const each = (fn: (d: OfflineDoor) => void) => {
      for (const d of doors.values()) fn(d);
    };
    window.addEventListener('online', () => each((d) => d.setOnline(true)));
    window.addEventListener('offline', () => each((d) => d.setOnline(false)));
    tabs?.addEventListener('message', (e: MessageEvent<{ eventId?: string }>) => {
      if (typeof e.data?.eventId === 'string') doors.get(e.data.eventId)?.reread();
    });
    // Signed out (lib/use-sign-out.ts deleted the database): nothing of the lists stays in memory either.
    window.addEventListener(FORGET_SESSION_EVENT, () => {
      each((d) => d.forget());
      doors.clear();
    });
    setInterval(() => {
      if (navigator.onLine && document.visibilityState === 'visible') each((d) => void d.sync());
    }, HEARTBEAT_MS);
  }
  return door;
}

/**
 * Before signing out (the wipe takes what is not sent, and the server ends the device with the session):
 * loads every event this device is prepared for, sends its queue when online, and says how many scans are
 * still unsent (offline, or the server refused the upload). Callers outside this feature get it passed in.
 */
export async function sendQueuedScans(): Promise<number> {
  const ds = (await preparedEvents()).map((e) => doorFor(e.event_id));
  await Promise.all(ds.map((d) => d.flush()));
  return ds.reduce((n, d) => n + d.getState().queued, 0);
}
