import { AdmitButtons, ResultHead } from '../party-state.tsx';
import { useEffect, useState } from 'react';
import type { TOfflineGuest } from '../../../../common/schemas/checkin-offline.ts';
import { notify } from '../../../lib/toast.ts';
import { readDeviceLabel } from '../device.ts';
import { viewVerdict } from '../verdict.ts';
import type { OfflineDoor } from './door-store.ts';

/**
 * Search with no network (docs/product.md#offline-door): the device's own copy of the guest list, by name,
 * e-mail, phone or PIN; Check in / Undo are decided here and queued like offline scans.
 */
export function LocalSearchResults({ door, q, version }: { door: OfflineDoor; q: string; version: number }) {
  const [found, setFound] = useState<TOfflineGuest[] | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` moves when the local list changes: search again.
  useEffect(() => {
    let live = true;
    void door.search(q).then((g) => live && setFound(g));
    return () => {
      live = false;
    };
  }, [door, q, version]);
  if (q === '') return <p className="py-8 text-center text-white/70">Start typing to search guests</p>;
  if (!found) return null;
  if (found.length === 0) return <p className="py-8 text-center text-white/70">No guests found matching "{q}"</p>;
  return (
    <ul className="grid gap-2" aria-label="Guests found on this device">
      {found.map((g) => (
        <LocalRow key={g.rsvp_id} guest={g} door={door} />
      ))}
    </ul>
  );
}

function LocalRow({ guest: g, door }: { guest: TOfflineGuest; door: OfflineDoor }) {
  const [busy, setBusy] = useState(false);
  const run = async (kind: 'entry' | 'undo', count?: number) => {
    setBusy(true);
    try {
      const v = await door.change(g.rsvp_id, kind, count, readDeviceLabel());
      const view = viewVerdict(v);
      (v.ok ? notify.success : notify.info)(`Offline · ${view.word}`, view.detail);
    } catch (err) {
      notify.error('Failed to update attendance status', (err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="grid gap-3 rounded-xl border border-white/15 bg-white/5 p-3">
      <ResultHead name={g.name} detail={g.phone} checkedIn={g.checked_in_count} guestCount={g.guest_count} />
      <AdmitButtons guest={g} busy={busy} onAdmit={(count) => void run('entry', count)} onUndo={() => void run('undo')} />
    </li>
  );
}
