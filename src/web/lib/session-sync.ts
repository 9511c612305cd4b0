import type { QueryClient } from '@tanstack/react-query';
import { sessionKey } from './auth.ts';
import { onUnauthenticated } from './api.ts';
import { markSignedOut } from './session-flags.ts';
import { type SessionMessage as Message, sessionChannel } from './session-channel.ts';
import { forgetSession } from './use-sign-out.ts';
import { notify } from './toast.ts';

/**
 * One session for every tab (docs/product.md#sessions): a sign-in or sign-out in one tab is told to the
 * others through a BroadcastChannel, and any 401 from the API while signed in ends the session here
 * with 'Session expired' and a way back to where the user was.
 */
/** `/auth?next=…`: the sign-in page, coming back to `path` afterwards. */
export function signInPath(path: string): string {
  const isSignIn = path === '/' || path === '/auth' || path.startsWith('/auth?');
  return isSignIn ? '/auth' : `/auth?next=${encodeURIComponent(path)}`;
}

/** The `next` of the sign-in page when it is a path of this site, else '/'. */
export function safeNext(search: string): string {
  const next = new URLSearchParams(search).get('next');
  return next?.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : '/';
}

const isSignedIn = (qc: QueryClient) => Boolean((qc.getQueryData(sessionKey) as { user?: unknown } | null | undefined)?.user);

/** Starts listening (main.tsx, once). `navigate` is the router's. */
export function startSessionSync(qc: QueryClient, navigate: (to: string, opts?: { replace?: boolean }) => void) {
  sessionChannel()?.addEventListener('message', (e: MessageEvent<Message>) => {
    if (e.data?.type === 'signed-out') {
      if (!isSignedIn(qc)) return;
      forgetSession(qc);
      notify.info('Signed out', 'You signed out in another tab.');
      navigate('/auth', { replace: true });
    } else if (e.data?.type === 'signed-in') {
      void qc.invalidateQueries({ queryKey: sessionKey });
    }
  });

  onUnauthenticated(() => {
    if (!isSignedIn(qc)) return;
    // The guard of the /auth area would say it too: this one says it once.
    markSignedOut();
    qc.setQueryData(sessionKey, null);
    notify.error('Session expired', 'Please sign in again.');
    navigate(signInPath(`${location.pathname}${location.search}`), { replace: true });
  });
}
