import type { TOfflineDevice } from '../../../../common/schemas/checkin-offline.ts';

/** 'just now', '2 min ago', '3 h ago', '2 days ago': how old the device's guest list is (docs/product.md#offline-door). */
export function ago(iso: string, now = Date.now()): string {
  const ms = now - Date.parse(iso);
  if (!Number.isFinite(ms) || ms < 60_000) return 'just now';
  const min = Math.floor(ms / 60_000);
  if (min < 60) return `${min} min ago`;
  const h = Math.floor(min / 60);
  if (h < 48) return `${h} h ago`;
  return `${Math.floor(h / 24)} days ago`;
}

/** 'Guest list from 2 min ago · 312 guests'. */
export const freshnessLine = (preparedAt: string, guests: number, now = Date.now()) =>
  `Guest list from ${ago(preparedAt, now)} · ${guests} ${guests === 1 ? 'guest' : 'guests'}`;

/** What the connection bar says: online and all sent, offline with what waits, or sending it. */
export function connectionWord(s: { online: boolean; syncing: boolean; queued: number }): {
  tone: 'ok' | 'off' | 'sync';
  word: string;
  detail: string;
} {
  const waiting = s.queued === 1 ? '1 scan to send' : `${s.queued} scans to send`;
  if (!s.online)
    return { tone: 'off', word: 'Offline', detail: s.queued ? `${waiting} · checking on this device` : 'Checking on this device' };
  if (s.syncing || s.queued) return { tone: 'sync', word: 'Syncing', detail: s.queued ? waiting : 'Sending…' };
  return { tone: 'ok', word: 'Online', detail: 'All scans sent' };
}

/** A device's whole label ('Door 2 · Chrome on Android'). */
export const fullName = (d: Pick<TOfflineDevice, 'label'>) => d.label ?? 'Unnamed device';

/** What a device is called in a sentence: its label's first part ("Door 2" of "Door 2 · Chrome on Android"). */
export const deviceName = (d: Pick<TOfflineDevice, 'label'>) => d.label?.split(' · ')[0]?.trim() || 'Unnamed device';

/** 'Prepared 2 h ago · last seen 3 min ago', or for a revoked device when, and what happens next. */
export function deviceTimes(d: TOfflineDevice, now = Date.now()): string {
  if (d.revoked_at) return `Revoked ${ago(d.revoked_at, now)} · its data is wiped when it next connects`;
  return `Prepared ${ago(d.prepared_at, now)} · last seen ${ago(d.last_seen_at, now)}`;
}
