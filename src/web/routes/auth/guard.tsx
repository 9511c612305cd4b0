import { useEffect, useRef } from 'react';
import { Navigate, Outlet } from 'react-router';
import { Loading } from '../../components/ui/spinner.tsx';
import { useSession } from '../../lib/auth.ts';
import { notify } from '../../lib/toast.ts';
import { consumeSignedOutFlag } from '../../lib/session-flags.ts';

/** The /auth/* area: without a session the user goes to /auth (docs/product.md#sessions). */
export function Component() {
  const { data: user, isPending, isError, refetch } = useSession();
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

  if (isPending) return <Loading />;
  if (isError) {
    return (
      <main className="mx-auto grid min-h-dvh max-w-md place-items-center p-6 text-center">
        <div className="grid gap-3">
          <h1 className="text-xl font-semibold">Authentication error</h1>
          <p className="text-ink/70">We could not check your session.</p>
          <div className="flex justify-center gap-3">
            <button type="button" className="rounded-lg bg-ink px-4 py-2 text-paper" onClick={() => refetch()}>
              Retry
            </button>
            <a className="rounded-lg border border-ink/20 px-4 py-2" href="/auth">
              Sign In
            </a>
          </div>
        </div>
      </main>
    );
  }
  if (!user) return <Navigate to="/auth" replace />;
  return <Outlet />;
}
