import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { TCheckinStats } from '../../../common/schemas/checkin.responses.ts';
import { checkinPath, checkinStatsQuery } from './api/checkin.ts';
import { checkinKeys } from './api/keys.ts';

export type LiveState = 'connecting' | 'live' | 'reconnecting';

const BACKOFF_MS = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000];

/**
 * An event's check-in counts, live (docs/product.md#check-in): the stats query, then the server's
 * `event: stats` messages on GET /api/checkin/{id}/stream write into the same cache entry, so a check-in
 * on any device shows here at once. A dropped stream comes back with growing pauses (1 s … 30 s);
 * after each reconnect the stream's first message brings the counts up to date.
 */
export function useLiveStats(eventId: string | null) {
  const qc = useQueryClient();
  const stats = useQuery({ ...checkinStatsQuery(eventId ?? ''), enabled: eventId !== null });
  const [live, setLive] = useState<LiveState>('connecting');

  useEffect(() => {
    if (!eventId || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;

    const connect = () => {
      source = new EventSource(checkinPath(eventId, 'stream'));
      source.onopen = () => {
        attempt = 0;
        setLive('live');
      };
      source.addEventListener('stats', (e) => {
        try {
          qc.setQueryData<TCheckinStats>(checkinKeys.stats(eventId), JSON.parse((e as MessageEvent<string>).data) as TCheckinStats);
          setLive('live');
        } catch {
          // a garbled message: the next one brings the counts
        }
      });
      source.onerror = () => {
        source?.close();
        if (stopped) return;
        setLive('reconnecting');
        timer = setTimeout(connect, BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)]);
        attempt += 1;
      };
    };
    setLive('connecting');
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [eventId, qc]);

  return { stats, live };
}
