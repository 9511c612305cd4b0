import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Loading } from '../../components/ui/spinner.tsx';
import { useSession } from '../../lib/auth.ts';
import { consumeSignedOutFlag } from '../../lib/session-flags.ts';
import { signInPath } from '../../lib/session-sync.ts';
import { notify } from '../../lib/toast.ts';

/** The error card retries the session check by itself after this long (docs/product.md#sessions). */
const SESSION_RETRY_MS = 3000;

/** The /auth/* area: without a session the user goes to /auth, and back here after signing in (docs/product.md#sessions). */
export function Component() {
  const { data: user, isPending, isError, refetch, isFetching } = useSession();
  const { pathname, search } = useLocation();
  const toasted = useRef(false);
  const hadUser = useRef(false);
  if (user) hadUser.current = true;

  useEffect(() => {
    if (isPending || user || isError || toasted.current) return;
    toasted.current = true;
    if (consumeSignedOutFlag()) return;
    if (hadUser.current) notify.error('Session expired', 'Please sign in again.');
    else notify.error('Authentication required', 'Please sign in to continue.');
  }, [isPending, user, isError]);

  useEffect(() => {
    if (!isError || isFetching) return;
    const timer = setTimeout(() => refetch(), SESSION_RETRY_MS);
    return () => clearTimeout(timer);
  }, [isError, isFetching, refetch]);

  if (isPending) return <Loading />;
  if (isError) {
    return (
      <main className="mx-auto grid min-h-dvh max-w-md place-items-center p-6 text-center">
        <div className="grid gap-3" role="alert">
          <h1 className="text-xl font-semibold">Authentication error</h1>
          <p className="text-ink/70">We could not check your session. {isFetching ? 'Trying again…' : 'Trying again in a few seconds.'}</p>
          <div className="flex justify-center gap-3">
            <button type="button" className="rounded-lg bg-ink px-4 py-2 text-paper" onClick={() => refetch()} disabled={isFetching}>
              Retry
            </button>
            <a className="rounded-lg border border-ink/20 px-4 py-2" href={signInPath(`${pathname}${search}`)}>
              Sign In
            </a>
          </div>
        </div>
      </main>
    );
  }
  if (!user) return <Navigate to={signInPath(`${pathname}${search}`)} replace />;
  return <Outlet />;
}
