/** Query keys of events (the events, guests and rsvp features): one place, so every mutation invalidates the right caches. */
export type PublicEventIdent = { id: string } | { slug: string } | { idOrSlug: string };

export const eventKeys = {
  all: ['events'] as const,
  list: () => [...eventKeys.all, 'list'] as const,
  hosts: (eventId: string) => [...eventKeys.all, 'hosts', eventId] as const,
  themes: () => ['themes'] as const,
  publicAll: () => ['public-event'] as const,
  public: (ident: PublicEventIdent) => [...eventKeys.publicAll(), ident] as const,
  invitation: (token: string) => ['invitation', token] as const,
};
