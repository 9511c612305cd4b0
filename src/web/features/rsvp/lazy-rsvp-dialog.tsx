import { lazyPart, reportLoadFailure, usePart } from '../../lib/lazy-part.ts';
import type { RsvpDialogProps } from './rsvp-dialog.tsx';

const dialog = lazyPart(() => import('./rsvp-dialog.tsx').then((m) => m.RsvpDialog));

/**
 * Starts downloading the dialog's chunk early, e.g. on the RSVP button's pointerenter/focus, so the
 * click opens it without a wait: `<button onPointerEnter={preloadRsvpDialog} onFocus={preloadRsvpDialog}>`.
 */
export function preloadRsvpDialog(): void {
  dialog.preload().catch(() => {}); // the open will retry and report
}

/**
 * The RSVP dialog without its weight on the page's first load (zod, Radix Dialog, the form: ~60 KB
 * gzip): nothing is fetched until the first open (or preloadRsvpDialog). Same props as RsvpDialog.
 * If the chunk cannot be fetched (offline), the open is cancelled with an error toast; the next open retries.
 */
export function LazyRsvpDialog(props: RsvpDialogProps) {
  const Dialog = usePart(dialog, props.open, () => {
    props.onOpenChange(false);
    void reportLoadFailure('The RSVP form');
  });
  if (Dialog) return <Dialog {...props} />;
  return props.open ? (
    <div className="fixed inset-0 z-40 grid place-items-center bg-ink/30" role="status" aria-live="polite">
      <span className="flex items-center gap-3 rounded-xl bg-white px-4 py-3 text-sm shadow-lg">
        <span className="size-4 animate-spin rounded-full border-2 border-ink/20 border-t-ink" aria-hidden="true" />
        Loading...
      </span>
    </div>
  ) : null;
}
