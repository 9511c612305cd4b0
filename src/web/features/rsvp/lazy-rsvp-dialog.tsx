import * as React from 'react';
import { MSG } from '../../../common/messages.ts';
import type { RsvpDialogProps } from './rsvp-dialog.tsx';

type DialogModule = typeof import('./rsvp-dialog.tsx');

let loaded: DialogModule | null = null;
let loading: Promise<DialogModule> | null = null;

/** One download shared by every caller; a failed one is forgotten so the next open tries again. */
function load(): Promise<DialogModule> {
  loading ??= import('./rsvp-dialog.tsx').then(
    (m) => {
      loaded = m;
      return m;
    },
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

/**
 * Starts downloading the dialog's chunk early, e.g. on the RSVP button's pointerenter/focus, so the
 * click opens it without a wait: `<button onPointerEnter={preloadRsvpDialog} onFocus={preloadRsvpDialog}>`.
 */
export function preloadRsvpDialog(): void {
  load().catch(() => {}); // the open will retry and report
}

/**
 * The RSVP dialog without its weight on the page's first load (zod, Radix Dialog, the form: ~60 KB
 * gzip): nothing is fetched until the first open (or preloadRsvpDialog). Same props as RsvpDialog.
 * If the chunk cannot be fetched (offline), the open is cancelled with an error toast; the next open retries.
 */
export function LazyRsvpDialog(props: RsvpDialogProps) {
  const { open, onOpenChange } = props;
  const [mod, setMod] = React.useState<DialogModule | null>(loaded);

  React.useEffect(() => {
    if (!open || mod) return;
    let live = true;
    load().then(
      (m) => live && setMod(m),
      async () => {
        if (!live) return;
        onOpenChange(false);
        const { notify } = await import('../../lib/toast.ts'); // MSG: already loaded by the page (event.tsx)
        notify.error(MSG.error, 'The RSVP form could not be loaded. Check your connection and try again.');
      },
    );
    return () => {
      live = false;
    };
  }, [open, mod, onOpenChange]);

  if (mod) return <mod.RsvpDialog {...props} />;
  return open ? <LoadingOverlay /> : null;
}

function LoadingOverlay() {
  return (
    <div className="fixed inset-0 z-40 grid place-items-center bg-ink/30" role="status" aria-live="polite">
      <span className="flex items-center gap-3 rounded-xl bg-white px-4 py-3 text-sm shadow-lg">
        <span className="size-4 animate-spin rounded-full border-2 border-ink/20 border-t-ink" aria-hidden="true" />
        Loading...
      </span>
    </div>
  );
}
