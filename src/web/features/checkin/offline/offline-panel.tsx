import { useQueryClient } from '@tanstack/react-query';
import { CloudDownload, RefreshCw, Trash2 } from 'lucide-react';
import { displayName } from '../../../../common/display-name.ts';
import { useSession } from '../../../lib/auth.ts';
import { checkinKeys } from '../api/keys.ts';
import { darkButton } from '../checkin-shell.tsx';
import { readDeviceLabel } from '../device.ts';
import { freshnessLine } from './freshness.ts';
import { useNow } from './use-now.ts';
import { useOfflineDoor } from './use-offline-door.ts';

/**
 * "Prepare this device for offline" (docs/product.md#offline-door): downloads the event's guest list,
 * encrypted on this device, so Scan and Search keep working with no network; then how fresh it is, a
 * refresh and a way to remove it (which also revokes the device on the server).
 */
export function OfflinePanel({ eventId }: { eventId: string }) {
  const { door, state } = useOfflineDoor(eventId);
  const now = useNow();
  const user = useSession().data;
  const queryClient = useQueryClient();
  // The device list (offline-devices.tsx) shows this device: it changes with each prepare and removal.
  const devicesChanged = () => queryClient.invalidateQueries({ queryKey: checkinKeys.devices(eventId) });
  const prepare = () => {
    if (!user) return;
    void door
      .prepare({ label: readDeviceLabel(), userId: user.id, by: displayName(user) })
      .then(devicesChanged)
      .catch(() => {});
  };
  const preparing = state.busy === 'preparing';
  const counts = door.counts();
  return (
    <section aria-labelledby="offline-heading" className="grid gap-3 rounded-2xl border border-white/15 p-4">
      <h2 id="offline-heading" className="text-lg font-bold">
        Offline
      </h2>
      {/* Ready once the app itself is known to load offline too (its worker may still be installing). */}
      {state.status === 'ready' && state.preparedAt && !(preparing && state.appOffline === null) ? (
        <>
          <p className="text-lg" data-testid="offline-ready">
            Ready for offline · {freshnessLine(state.preparedAt, counts?.guests.total ?? state.guests, now)}
          </p>
          <div className="flex flex-wrap gap-2">
            <button type="button" className={darkButton.small} onClick={prepare} disabled={preparing || !state.online}>
              <RefreshCw aria-hidden="true" />
              {preparing ? 'Refreshing…' : 'Refresh list'}
            </button>
            <button
              type="button"
              className={darkButton.small}
              onClick={() => void door.remove().then(devicesChanged)}
              disabled={preparing || state.queued > 0}
            >
              <Trash2 aria-hidden="true" />
              Remove offline data
            </button>
          </div>
          {state.appOffline === false ? (
            <p className="text-amber-200">
              This browser has not stored the app itself: keep this page open, as reloading it needs the network.
            </p>
          ) : null}
          {state.queued > 0 ? <p className="text-sm text-white/75">Scans still to send: the data stays until they are sent.</p> : null}
        </>
      ) : (
        <>
          <p className="text-white/80">
            Keeps this event’s guest list on this device, encrypted, so Scan and Search work when the network drops. Signing out removes it.
          </p>
          <button
            type="button"
            className={darkButton.secondary}
            onClick={prepare}
            disabled={preparing || state.status === 'loading' || !user}
          >
            <CloudDownload aria-hidden="true" />
            {preparing ? 'Preparing…' : 'Prepare this device for offline'}
          </button>
        </>
      )}
      {state.error ? (
        <p role="alert" className="text-amber-200">
          {state.error}
        </p>
      ) : null}
    </section>
  );
}
