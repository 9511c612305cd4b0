import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { FindTicketSlot } from './components/page-states.tsx';
import { LazyToaster as Toaster } from './components/ui/toaster.tsx';
import { FindTicketLater } from './features/find-ticket/find-ticket-later.tsx';
import { NavProvider } from './lib/nav.tsx';
import { reactRouterNav } from './lib/nav-react-router.ts';
import { createQueryClient } from './lib/query-client.ts';
import { startSessionSync } from './lib/session-sync.ts';
import { routes } from './router.tsx';
import './styles.css';

/** The full app (index.html): every route of router.tsx. Guest pages also start alone: guest/mount.tsx. */
const queryClient = createQueryClient();
const router = createBrowserRouter(routes);
startSessionSync(queryClient, (to, opts) => void router.navigate(to, opts));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <NavProvider value={reactRouterNav}>
        <FindTicketSlot.Provider value={FindTicketLater}>
          <RouterProvider router={router} />
        </FindTicketSlot.Provider>
      </NavProvider>
      <Toaster />
    </QueryClientProvider>
  </StrictMode>,
);
