import { ScanLine, Search } from 'lucide-react';
import { clsx } from 'clsx';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { checkinHref } from '../../../../common/hrefs.ts';
import { CheckinShell, darkButton } from '../checkin-shell.tsx';
import { ago } from './freshness.ts';
import { preparedEvents } from './offline-db.ts';
import type { SnapshotRecord } from './offline-db.ts';
import { useNow } from './use-now.ts';

/**
 * /checkin with no network (docs/product.md#offline-door): the events this device is prepared for, each
 * with Scan and Search on its own copy; none: says so.
 */
export function OfflineHome() {
  const now = useNow();
  const [events, setEvents] = useState<Pick<SnapshotRecord, 'event_id' | 'title' | 'prepared_at' | 'count'>[] | null>(null);
  useEffect(() => {
    void preparedEvents()
      .then(setEvents)
      .catch(() => setEvents([]));
  }, []);
  return (
    <CheckinShell title="Check In · offline">
      <p role="status" className="rounded-2xl border-4 border-amber-300 bg-amber-950 px-4 py-3 text-2xl font-bold text-amber-50">
        Offline
      </p>
      {events === null ? null : events.length === 0 ? (
        <p className="rounded-xl border border-white/15 p-4 text-white/80">
          No network, and this device is not prepared for any event. Connect once and press “Prepare this device for offline”.
        </p>
      ) : (
        <ul className="grid gap-3">
          {events.map((e) => (
            <li key={e.event_id} className="grid gap-2 rounded-2xl border border-white/15 p-4">
              <p className="text-xl font-bold">{e.title}</p>
              <p className="text-white/75">
                Guest list from {ago(e.prepared_at, now)} · {e.count} RSVPs
              </p>
              <div className="grid grid-cols-2 gap-2">
                <Link to={checkinHref('scan', e.event_id)} className={clsx(darkButton.primary)}>
                  <ScanLine aria-hidden="true" />
                  Scan
                </Link>
                <Link to={checkinHref('search', e.event_id)} className={darkButton.secondary}>
                  <Search aria-hidden="true" />
                  Search
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </CheckinShell>
  );
}
