import { type ComponentType, lazy, Suspense } from 'react';

/** "Find your ticket" by e-mail: loaded only when a page that offers it is shown (guest pages' first-load budget). */
const FindTicketForm = lazy<ComponentType>(() =>
  import('./find-ticket-form.tsx').then(
    (m) => ({ default: m.FindTicketForm }),
    // Offline (or gone after a deploy): the page keeps its way home rather than failing whole.
    () => ({ default: () => null }),
  ),
);

/** The find-ticket form of a not-found state (components/page-states.tsx FindTicketSlot), fetched when shown. */
export function FindTicketLater() {
  return (
    <Suspense fallback={null}>
      <FindTicketForm />
    </Suspense>
  );
}
