import { SessionCache } from './auth/session-cache.ts';
import type { Db } from './db/client.ts';
import type { AppCaches } from './http/context.ts';
import type { Logger } from './logger.ts';
import { PublicEventCache } from './modules/events/public/public-event-cache.ts';
import { createMediaCache, type MediaCache } from './modules/media/read-media.ts';
import { RsvpEventCache } from './modules/rsvps/load-rsvp-event.ts';
import { createTicketQrCache, type TicketQrCache } from './modules/tickets/get-ticket-qr.ts';

/**
 * Every in-memory cache of one app, created by createApp and ended by its close(): two apps in one
 * process (tests, a second app on the same database) share none. Each is a BoundedCache
 * (src/common/bounded-cache.ts). docs/ARCHITECTURE.md#process-state
 */
declare module './http/context.ts' {
  interface AppCaches {
    /** Active public events by id and slug, kept true by its own LISTEN connection (started on first use). */
    publicEvents: PublicEventCache;
    /** What an RSVP needs of its event, for EVENT_TTL_MS, dropped with publicEvents' invalidations. */
    rsvpEvents: RsvpEventCache;
    /** Rendered ticket QR images by ETag. */
    ticketQr: TicketQrCache;
    /** Uploaded images by content hash (never stale), within a byte budget. */
    media: MediaCache;
    /** Signed-in users by Cookie header (loadUser), for SESSION_CACHE_MS; emptied when a session ends here (ADR 0039). */
    sessions: SessionCache;
    /** Ends the LISTEN connection (before the pool closes) and empties every cache. */
    close: () => Promise<void>;
  }
}

export function createAppCaches({ db, log }: { db: Db; log: Logger }): AppCaches {
  const rsvpEvents = new RsvpEventCache({ listen: () => publicEvents.listen(), live: () => publicEvents.enabled });
  const publicEvents: PublicEventCache = new PublicEventCache({
    db,
    log,
    onInvalidate: (id) => (id === null ? rsvpEvents.clear() : rsvpEvents.drop(id)),
  });
  const caches = {
    publicEvents,
    rsvpEvents,
    ticketQr: createTicketQrCache(),
    media: createMediaCache(),
    sessions: new SessionCache(),
  };
  return {
    ...caches,
    close: async () => {
      await caches.publicEvents.close();
      caches.rsvpEvents.clear();
      caches.ticketQr.clear();
      caches.media.clear();
      caches.sessions.clear();
    },
  };
}
