import { ArrowLeft, LogIn } from 'lucide-react';
import { clsx } from 'clsx';
import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { registerDoorWorker } from './offline/register-worker.ts';
import type { LiveState } from './use-live-stats.ts';

/** Buttons of the dark check-in screens: big targets, high contrast. */
export const darkButton = {
  primary:
    'inline-flex min-h-14 cursor-pointer items-center justify-center gap-2 rounded-xl bg-white px-5 text-lg font-semibold text-neutral-950 hover:bg-white/90 disabled:cursor-not-allowed disabled:opacity-50 [&_svg]:size-6',
  secondary:
    'inline-flex min-h-14 cursor-pointer items-center justify-center gap-2 rounded-xl border-2 border-white/40 px-5 text-lg font-semibold text-white hover:bg-white/10 disabled:cursor-not-allowed disabled:opacity-50 [&_svg]:size-6',
  small:
    'inline-flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-lg border border-white/30 px-3 text-sm font-medium text-white hover:bg-white/10 disabled:cursor-not-allowed disabled:opacity-50 [&_svg]:size-4',
} as const;

/** The dark field style of the check-in screens. */
export const darkInput =
  'h-14 w-full min-w-0 rounded-xl border-2 border-white/40 bg-neutral-900 px-4 text-lg text-white placeholder:text-white/50 focus-visible:border-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

type ShellProps = { title: string; heading?: ReactNode; back?: { to: string; label: string }; aside?: ReactNode; children: ReactNode };

/**
 * The check-in area's frame (docs/product.md#check-in): a dark, high-contrast screen that reads in a
 * dim hall and does not dazzle guests, one column sized for a phone held at the door.
 */
export function CheckinShell({ title, heading, back, aside, children }: ShellProps) {
  useDocumentTitle(title);
  // The door app works offline after one visit to any check-in screen (docs/product.md#offline-door).
  useEffect(registerDoorWorker, []);
  return (
    <div className="min-h-dvh bg-neutral-950 text-white [color-scheme:dark]">
      <header className="sticky top-0 z-10 border-b border-white/15 bg-neutral-950/95 backdrop-blur">
        <div className="mx-auto flex max-w-xl items-center gap-2 px-3 py-2">
          {back ? (
            <Link to={back.to} className={clsx(darkButton.small, 'border-transparent')}>
              <ArrowLeft aria-hidden="true" />
              {back.label}
            </Link>
          ) : (
            <span className="px-2 font-display text-lg font-bold">Turnout</span>
          )}
          <div className="ml-auto flex items-center gap-2">{aside}</div>
        </div>
      </header>
      <main className="mx-auto grid max-w-xl grid-cols-[minmax(0,1fr)] gap-4 px-3 py-4">
        {heading ?? <h1 className="text-2xl font-bold">{title}</h1>}
        {children}
      </main>
    </div>
  );
}

const LIVE_TEXT: Record<LiveState, string> = { connecting: 'Connecting…', live: 'Live', reconnecting: 'Reconnecting…' };

/** Whether the counts are live: a dot and a word (green live, amber otherwise). */
export function LiveBadge({ state }: { state: LiveState }) {
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs font-semibold',
        state === 'live' ? 'border-green-400/60 text-green-300' : 'border-amber-300/60 text-amber-200',
      )}
      title={state === 'live' ? 'Counts update by themselves' : 'The live connection dropped; trying again'}
    >
      <span aria-hidden="true" className={clsx('size-2 rounded-full', state === 'live' ? 'animate-pulse bg-green-400' : 'bg-amber-300')} />
      {LIVE_TEXT[state]}
    </span>
  );
}

/** The check-in routes do not redirect a signed-out visitor: they say so (docs/product.md#check-in). */
export function AuthRequired() {
  useDocumentTitle('Authentication required');
  return (
    <main className="grid min-h-dvh place-items-center bg-neutral-950 p-6 text-center text-white">
      <div className="grid max-w-sm justify-items-center gap-3" role="alert">
        <h1 className="text-2xl font-bold">Authentication required</h1>
        <p className="text-white/75">Please sign in to check guests in.</p>
        <Link to="/auth" className={clsx(darkButton.primary, 'mt-2')}>
          <LogIn aria-hidden="true" />
          Sign In
        </Link>
      </div>
    </main>
  );
}
