import { X } from 'lucide-react';
import { Dialog as D } from 'radix-ui';
import * as React from 'react';
import { cn } from '../../lib/cn.ts';
import { focusedElement, returnFocus } from '../../lib/return-focus.ts';

export const Dialog = D.Root;
export const DialogTrigger = D.Trigger;
export const DialogClose = D.Close;

/**
 * A modal: focus trapped, Escape and outside click close it, page scroll locked while open.
 * Closing returns focus to whatever opened it, also when it was opened without a DialogTrigger
 * (a caller's own onCloseAutoFocus that calls preventDefault still wins).
 */
export function DialogContent({
  title,
  description,
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: React.ComponentProps<typeof D.Content> & { title: React.ReactNode; description?: React.ReactNode }) {
  const opener = React.useRef<HTMLElement | null>(null);
  return (
    <D.Portal>
      <D.Overlay className="fixed inset-0 z-40 bg-ink/50 backdrop-blur-[1px]" />
      <D.Content
        className={cn(
          'fixed inset-x-0 bottom-0 z-50 max-h-[92dvh] overflow-y-auto rounded-t-2xl bg-white p-5 shadow-xl sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-full sm:max-w-lg sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:p-6',
          className,
        )}
        {...(description ? {} : { 'aria-describedby': undefined })}
        {...props}
        onOpenAutoFocus={(e) => {
          // Still the element that opened the dialog: focus has not moved in yet.
          opener.current = focusedElement();
          onOpenAutoFocus?.(e);
        }}
        onCloseAutoFocus={(e) => {
          onCloseAutoFocus?.(e);
          const el = opener.current;
          opener.current = null;
          if (!e.defaultPrevented) returnFocus(e, el);
        }}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <div>
            <D.Title className="font-display text-xl font-semibold">{title}</D.Title>
            {description ? <D.Description className="mt-1 text-sm text-ink/70">{description}</D.Description> : null}
          </div>
          <D.Close className="-m-2 rounded-lg p-2 text-ink/60 hover:bg-ink/5 hover:text-ink" aria-label="Close">
            <X className="size-5" />
          </D.Close>
        </div>
        {children}
      </D.Content>
    </D.Portal>
  );
}
