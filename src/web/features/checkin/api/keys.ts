/** Query keys of the check-in feature (docs/product.md#check-in). */
export const checkinKeys = {
  all: ['checkin'] as const,
  events: () => [...checkinKeys.all, 'events'] as const,
  stats: (eventId: string) => [...checkinKeys.all, 'stats', eventId] as const,
  searchAll: (eventId: string) => [...checkinKeys.all, 'search', eventId] as const,
  search: (eventId: string, q: string) => [...checkinKeys.searchAll(eventId), q] as const,
  /** The event's devices prepared for offline (owner and co-hosts). */
  devices: (eventId: string) => [...checkinKeys.all, 'devices', eventId] as const,
  verification: (code: string, eventId: string | null) => [...checkinKeys.all, 'verification', code, eventId] as const,
};
