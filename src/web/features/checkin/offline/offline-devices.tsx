import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Smartphone } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { TOfflineDevice } from '../../../../common/schemas/checkin-offline.ts';
import { LoadFailed } from '../../../components/page-states.tsx';
import { AlertDialog, AlertDialogContent } from '../../../components/ui/alert-dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { toUserMessage } from '../../../lib/user-message.ts';
import { offlineDevicesQuery, revokeOfflineDevice } from '../api/checkin.ts';
import { checkinKeys } from '../api/keys.ts';
import { darkButton } from '../checkin-shell.tsx';
import { deviceName, deviceTimes, fullName } from './freshness.ts';
import { useNow } from './use-now.ts';

/**
 * "Devices ready for offline" (docs/product.md#offline-door): which phones hold the event's guest list, for
 * the owner and co-hosts (the page leaves it out for door staff), each with a Revoke behind a confirmation.
 * This device is revoked with "Remove offline data" instead, which also wipes it at once.
 */
export function OfflineDevices({ eventId }: { eventId: string }) {
  const devices = useQuery(offlineDevicesQuery(eventId));
  const queryClient = useQueryClient();
  const now = useNow();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [asked, setAsked] = useState<TOfflineDevice | null>(null);
  // What the status region says after a revoke; `n` tells two alike apart (each is announced and moves focus).
  const [said, setSaid] = useState({ text: '', n: 0 });
  const revoke = useMutation({
    mutationFn: (d: TOfflineDevice) => revokeOfflineDevice(eventId, d.id),
    onSuccess: (_, d) => {
      // Shown revoked at once (the dialog closes in the same render); the list is then asked again.
      const revokedAt = new Date().toISOString();
      queryClient.setQueryData(checkinKeys.devices(eventId), (list?: TOfflineDevice[]) =>
        list?.map((x) => (x.id === d.id ? { ...x, revoked_at: x.revoked_at ?? revokedAt } : x)),
      );
      setAsked(null);
      setSaid((s) => ({ text: `${deviceName(d)} is revoked: its offline guest list is wiped the next time it connects.`, n: s.n + 1 }));
      void queryClient.invalidateQueries({ queryKey: checkinKeys.devices(eventId) });
    },
    // Refused (say, the device signed out meanwhile and is gone): the dialog says why, the list is asked again.
    onError: () => void queryClient.invalidateQueries({ queryKey: checkinKeys.devices(eventId) }),
  });

  // The Revoke button pressed is gone with its row: focus goes to the section, whose status says what happened.
  useEffect(() => {
    if (!said.n) return;
    const t = setTimeout(() => heading.current?.focus(), 0);
    return () => clearTimeout(t);
  }, [said.n]);

  const list = devices.data;
  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-2xl border border-white/15 p-4" data-testid="offline-devices">
      <h2 id={headingId} ref={heading} tabIndex={-1} className="text-lg font-bold outline-none">
        Devices ready for offline
      </h2>
      <p role="status" className="sr-only">
        {said.text}
      </p>
      {list ? (
        list.length === 0 ? (
          <p className="text-white/80">No device holds this event’s guest list for offline.</p>
        ) : (
          <ul className="grid gap-2">
            {list.map((d) => (
              <DeviceRow
                key={d.id}
                device={d}
                now={now}
                onRevoke={() => {
                  revoke.reset();
                  setAsked(d);
                }}
              />
            ))}
          </ul>
        )
      ) : devices.isError ? (
        <div className="rounded-xl bg-white text-ink">
          <LoadFailed
            layout="panel"
            title="The devices could not be loaded."
            message={toUserMessage(devices.error)}
            onRetry={() => devices.refetch()}
            retrying={devices.isFetching}
          />
        </div>
      ) : devices.fetchStatus === 'paused' ? (
        <p className="text-white/80">Connect to the network to see and revoke this event’s devices.</p>
      ) : (
        <div role="status" aria-label="Loading devices" className="grid gap-2">
          <Skeleton className="h-20 bg-white/10" />
          <Skeleton className="h-20 bg-white/10" />
        </div>
      )}
      <AlertDialog open={asked !== null} onOpenChange={(open) => (open ? undefined : setAsked(null))}>
        {asked ? (
          <AlertDialogContent
            title={`Revoke ${deviceName(asked)}?`}
            description={
              <>
                {deviceName(asked)}’s offline guest list is wiped the next time it connects; scans it has not sent are lost.
                {revoke.isError ? (
                  <span role="alert" className="mt-2 block font-medium text-red-700">
                    {toUserMessage(revoke.error, 'Could not revoke the device.')}
                  </span>
                ) : null}
              </>
            }
            confirmLabel={revoke.isPending ? 'Revoking…' : 'Revoke'}
            onConfirm={() => revoke.mutate(asked)}
            busy={revoke.isPending}
          />
        ) : null}
      </AlertDialog>
    </section>
  );
}

function DeviceRow({ device: d, now, onRevoke }: { device: TOfflineDevice; now: number; onRevoke: () => void }) {
  // A name that is only the e-mail's first part (an account without one) is not said twice.
  const named = d.user.name && d.user.name !== d.user.email.split('@')[0];
  const who = named ? `${d.user.name} · ${d.user.email}` : d.user.email;
  return (
    <li
      className={`flex items-center gap-3 rounded-xl border border-white/15 p-3 ${d.revoked_at ? 'text-white/70' : ''}`}
      data-device={d.id}
    >
      <Smartphone aria-hidden="true" className="hidden size-6 shrink-0 sm:block" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="font-semibold break-words">
          {fullName(d)}
          {d.this_device ? (
            <span className="ml-2 inline-block rounded-md bg-white/15 px-1.5 py-0.5 text-xs font-medium whitespace-nowrap">
              This device
            </span>
          ) : null}
        </p>
        <p className="text-sm break-all text-white/75">{who}</p>
        <p className="text-sm text-white/75">{deviceTimes(d, now)}</p>
        {d.this_device && !d.revoked_at ? <p className="text-sm text-white/75">Use “Remove offline data” above.</p> : null}
      </div>
      {d.revoked_at || d.this_device ? null : (
        <button type="button" className={`${darkButton.small} shrink-0`} onClick={onRevoke} aria-label={`Revoke ${fullName(d)}`}>
          Revoke
        </button>
      )}
    </li>
  );
}
