import { Search } from 'lucide-react';
import { AdmitButtons, ResultHead } from '../../features/checkin/party-state.tsx';
import { useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { checkinHref } from '../../../common/hrefs.ts';
import type { TCheckinSearch } from '../../../common/schemas/checkin.responses.ts';
import { Loading } from '../../components/ui/spinner.tsx';
import { checkinSearchQuery, useCheckinEvents } from '../../features/checkin/api/checkin.ts';
import { CheckinShell, darkInput } from '../../features/checkin/checkin-shell.tsx';
import { CheckinEventGate } from '../../features/checkin/event-gate.tsx';
import { useAttendance } from '../../features/checkin/use-attendance.ts';
import { formatPin } from '../../features/rsvp/format.ts';
import { toUserMessage } from '../../lib/user-message.ts';
import { ConnectionBar } from '../../features/checkin/offline/connection-bar.tsx';
import { LocalSearchResults } from '../../features/checkin/offline/local-search.tsx';
import { useOfflineDoor } from '../../features/checkin/offline/use-offline-door.ts';
import { doorFor } from '../../features/checkin/offline/door-store.ts';
import { readDeviceLabel } from '../../features/checkin/device.ts';
import { noAnswer } from '../../features/checkin/use-scan-session.ts';

const DEBOUNCE_MS = 250;

/**
 * /checkin/search?event=…: find a guest by name, e-mail, phone or PIN on the server and check them in (a
 * party: Admit 1 or Admit all n) or undo it in place (docs/product.md#check-in). Without an event: /checkin.
 */
export function Component() {
  return <CheckinEventGate>{(eventId) => <GuestSearch eventId={eventId} />}</CheckinEventGate>;
}

function useDebounced(value: string, ms: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
}

function GuestSearch({ eventId }: { eventId: string }) {
  const events = useCheckinEvents();
  const event = events.data?.find((e) => e.id === eventId);
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), DEBOUNCE_MS);
  const offline = useOfflineDoor(eventId);
  // No network and a prepared device: search and admit on the device's copy (docs/product.md#offline-door).
  const local = offline.state.status === 'ready' && !offline.state.online;
  const prepared = offline.state.status === 'ready';
  const results = useQuery({
    ...checkinSearchQuery(eventId, q),
    placeholderData: (prev) => prev,
    enabled: q !== '' && !local,
    // A prepared device does not retry a search that got no answer: it searches its own copy at once.
    retry: (failures, err) => !(prepared && noAnswer(err)) && failures < 3,
  });
  // A search that got no answer on a prepared device: the device is offline, and searches its own copy.
  const lost = prepared && results.isError && noAnswer(results.error);
  useEffect(() => {
    if (lost) offline.door.setOnline(false);
  }, [lost, offline.door]);
  const inputId = useId();

  return (
    <CheckinShell
      title={`Search · ${event?.title ?? offline.state.title ?? 'Check In'}`}
      back={{ to: checkinHref('index', eventId), label: 'Back' }}
    >
      <ConnectionBar
        state={offline.state}
        counts={offline.state.status === 'ready' ? offline.door.counts() : null}
        onDismiss={() => void offline.door.dismissConflicts()}
      />
      <div className="grid gap-1.5">
        <label htmlFor={inputId} className="text-sm font-medium text-white/80">
          Search guests{event ? ` of ${event.title}` : ''}
        </label>
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-white/60" aria-hidden="true" />
          <input
            id={inputId}
            type="search"
            className={`${darkInput} pl-12`}
            placeholder="Name, e-mail, phone or PIN"
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoComplete="off"
            spellCheck={false}
            maxLength={100}
            autoFocus
          />
        </div>
      </div>
      <div aria-live="polite" aria-busy={results.isFetching}>
        {local ? (
          <LocalSearchResults door={offline.door} q={q} version={offline.state.version} />
        ) : q === '' ? (
          <p className="py-8 text-center text-white/70">Start typing to search guests</p>
        ) : results.isError ? (
          <p role="alert" className="rounded-xl border border-red-400/60 p-3 text-red-100">
            {toUserMessage(results.error, 'Failed to search guests')}{' '}
            <button type="button" className="underline underline-offset-4" onClick={() => results.refetch()}>
              Retry
            </button>
          </p>
        ) : !results.data ? (
          <Loading text="Searching..." className="min-h-32 text-white/75" />
        ) : results.data.length === 0 ? (
          <p className="py-8 text-center text-white/70">No guests found matching "{q}"</p>
        ) : (
          <ul className="grid gap-2" aria-label="Guests found">
            {results.data.map((g) => (
              <GuestRow key={g.rsvp_id} guest={g} eventId={eventId} />
            ))}
          </ul>
        )}
      </div>
    </CheckinShell>
  );
}

type Guest = TCheckinSearch['guests'][number];

function GuestRow({ guest: g, eventId }: { guest: Guest; eventId: string }) {
  // A prepared device keeps what it admitted online on its list until the next refresh (docs/product.md#offline-door).
  const attendance = useAttendance((v) => doorFor(eventId).noteOnline(v, readDeviceLabel()));
  const pending = attendance.isPending;
  const confirmed = g.status === 'confirmed';
  return (
    <li className="grid gap-3 rounded-xl border border-white/15 bg-white/5 p-3">
      <ResultHead
        name={g.name}
        detail={[g.pin ? `PIN ${formatPin(g.pin)}` : '', g.phone ?? '', confirmed ? '' : g.status].filter(Boolean).join(' · ')}
        checkedIn={g.checked_in_count}
        guestCount={g.guest_count}
      />
      <AdmitButtons
        guest={g}
        busy={pending} // the search lists only guests a scan admits
        onAdmit={(count) => attendance.mutate({ target: { eventId, rsvpId: g.rsvp_id }, action: 'in', count })}
        onUndo={() => attendance.mutate({ target: { eventId, rsvpId: g.rsvp_id }, action: 'out' })}
      />
    </li>
  );
}
