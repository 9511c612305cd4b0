import { Navigate, type RouteObject, useLocation } from 'react-router';
import { RouteError } from './components/route-error.tsx';
import { Loading } from './components/ui/spinner.tsx';
import { SAMPLE_PRODUCT } from '../common/routes.ts';

/** Keeps the query string when one route stands for another (docs/product.md#routes: /scan, /admin). */
function RedirectKeepingQuery({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={`${to}${search}`} replace />;
}

const hydrateFallback = () => <Loading />;

type LazyModule = Extract<RouteObject['lazy'], () => unknown>;

/**
 * A screen whose chunk cannot be fetched (offline, or gone after a deploy) becomes a route whose
 * loader throws that error, so its own error element shows it: React Router does not render a route
 * whose lazy() failed, and would leave the page blank.
 */
const failSoftly =
  (load: LazyModule): LazyModule =>
  () =>
    load().catch((error: unknown) => ({
      loader: () => {
        throw error;
      },
    }));

/** Every route gets the shared error element, so no screen can fail into a blank page. */
function withErrorElements(list: RouteObject[]): RouteObject[] {
  return list.map((route) => {
    const errorElement = route.errorElement ?? <RouteError />;
    const lazy = typeof route.lazy === 'function' ? { lazy: failSoftly(route.lazy) } : {};
    return route.index
      ? { ...route, ...lazy, errorElement }
      : { ...route, ...lazy, errorElement, children: route.children && withErrorElements(route.children) };
  });
}

/**
 * The route table of docs/product.md#routes. Each screen is its own lazily loaded chunk. The server's list of app paths
 * (src/common/routes.ts) must name the same paths: router.test.ts checks.
 */
export const routes: RouteObject[] = withErrorElements([
  {
    path: '/',
    hydrateFallbackElement: hydrateFallback(),
    children: [
      { index: true, lazy: () => import('./routes/dashboard.tsx') },
      { path: 'event', lazy: () => import('./routes/event.tsx') },
      { path: 'event/:id', lazy: () => import('./routes/event.tsx') },
      { path: 'event/:eventSlug/payment-success', lazy: () => import('./routes/payment-success.tsx') },
      { path: 'embed/:id', lazy: () => import('./routes/event.tsx') },
      { path: 'ticket/:ticketSecret', lazy: () => import('./routes/ticket.tsx') },
      { path: 'rsvp/:manageSecret', lazy: () => import('./routes/manage-rsvp.tsx') },
      { path: 'ticket-verification/:qrData', lazy: () => import('./routes/ticket-verification.tsx') },
      { path: 'scan', element: <RedirectKeepingQuery to="/checkin/scan" /> },
      { path: 'admin', element: <RedirectKeepingQuery to="/auth/admin" /> },
      {
        path: 'auth',
        children: [
          { index: true, lazy: () => import('./routes/auth/sign-in.tsx') },
          { path: 'accept-invite', lazy: () => import('./routes/auth/accept-invite.tsx') },
          { path: 'forgot-password', lazy: () => import('./routes/auth/forgot-password.tsx') },
          { path: 'reset-password', lazy: () => import('./routes/auth/reset-password.tsx') },
          {
            lazy: () => import('./routes/auth/guard.tsx'),
            children: [
              { path: 'dashboard', lazy: () => import('./routes/dashboard.tsx') },
              { path: 'admin', lazy: () => import('./routes/admin/index.tsx') },
              { path: 'sms/twilio', lazy: () => import('./routes/sms-sandbox.tsx') },
              { path: 'mailbox', lazy: () => import('./routes/auth/mailbox.tsx') },
              { path: 'account', lazy: () => import('./routes/auth/account.tsx') },
              { path: 'people', lazy: () => import('./routes/auth/people.tsx') },
            ],
          },
        ],
      },
      {
        path: 'checkin',
        children: [
          { index: true, lazy: () => import('./routes/checkin/index.tsx') },
          { path: 'scan', lazy: () => import('./routes/checkin/scan.tsx') },
          { path: 'search', lazy: () => import('./routes/checkin/search.tsx') },
          { path: 'verify/:qrData', lazy: () => import('./routes/ticket-verification.tsx') },
        ],
      },
      { path: SAMPLE_PRODUCT, lazy: () => import('./routes/sample.tsx') },
      { path: '*', lazy: () => import('./routes/not-found.tsx') },
    ],
  },
]);
