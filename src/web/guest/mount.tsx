import { QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { FindTicketSlot } from '../components/page-states.tsx';
import { FindTicketLater } from '../features/find-ticket/find-ticket-later.tsx';
import { NavProvider } from '../lib/nav.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { guestNav } from './nav.tsx';
import '../styles.css';

// Guest pages raise toasts only from their dialogs, which load later: the outlet loads after the page.
const Toaster = lazy(() => import('../components/ui/toaster.tsx').then((m) => ({ default: m.LazyToaster })));

/**
 * Starts one guest page alone (guest/<page>-main.tsx): the providers it needs (TanStack Query,
 * navigation, toasts, an error boundary) and no router. The page component is the same module router.tsx loads.
 */
export function mountGuestPage(Page: ComponentType) {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <NavProvider value={guestNav}>
          <FindTicketSlot.Provider value={FindTicketLater}>
            <ErrorBoundary>
              <Page />
            </ErrorBoundary>
          </FindTicketSlot.Provider>
        </NavProvider>
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </QueryClientProvider>
    </StrictMode>,
  );
}
