import { AlertDialog as A } from 'radix-ui';
import * as React from 'react';
import { cn } from '../../lib/cn.ts';
import { focusedElement, returnFocus } from '../../lib/return-focus.ts';
import { buttonVariants } from './button-variants.ts';

export const AlertDialog = A.Root;
export const AlertDialogTrigger = A.Trigger;

/**
 * A confirmation that must be answered: outside clicks do not close it, focus starts on Cancel,
 * Escape cancels.
 */
export function AlertDialogContent({
  title,
  description,
  cancelLabel = 'Cancel',
  confirmLabel,
  onConfirm,
  busy,
  tone = 'danger',
  opener: given,
}: {
  title: React.ReactNode;
  description: React.ReactNode;
  cancelLabel?: string;
  confirmLabel: string;
  /** Runs the action; the caller closes the dialog (controlled `open`) once it succeeds. */
  onConfirm: (e: React.MouseEvent<HTMLButtonElement>) => void;
  busy?: boolean;
  tone?: 'danger' | 'primary';
  /** Where focus goes back to when nothing had it as the dialog opened (an opener disabled while it worked). */
  opener?: React.RefObject<HTMLElement | null>;
}) {
  // Opened without a Trigger, Radix would drop focus on close: return it to the opener if it is still
  // on the page (after a delete it may not be; then the browser's default applies).
  const opener = React.useRef<HTMLElement | null>(null);
  return (
    <A.Portal>
      <A.Overlay className="fixed inset-0 z-40 bg-ink/50 backdrop-blur-[1px]" />
      <A.Content
        onOpenAutoFocus={() => {
          opener.current = focusedElement() ?? given?.current ?? null;
        }}
        onCloseAutoFocus={(e) => {
          const el = opener.current;
          opener.current = null;
          returnFocus(e, el);
        }}
        className="fixed inset-x-0 bottom-0 z-50 rounded-t-2xl bg-white p-5 shadow-xl sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-full sm:max-w-md sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:p-6"
      >
        <A.Title className="font-display text-xl font-semibold">{title}</A.Title>
        <A.Description className="mt-2 text-sm text-ink/75">{description}</A.Description>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <A.Cancel className={buttonVariants({ variant: 'outline' })}>{cancelLabel}</A.Cancel>
          {/* Not A.Action: that closes at once; the caller closes the dialog when its work succeeds. */}
          <button
            type="button"
            className={cn(buttonVariants({ variant: tone === 'danger' ? 'danger' : 'primary' }))}
            onClick={onConfirm}
            disabled={busy}
            aria-busy={busy || undefined}
          >
            {confirmLabel}
          </button>
        </div>
      </A.Content>
    </A.Portal>
  );
}
