import { X } from 'lucide-react';
import { Dialog as D } from 'radix-ui';
import * as React from 'react';
import { cn } from '../../lib/cn.ts';
import { focusedElement, returnFocus } from '../../lib/return-focus.ts';

export const DialogTrigger = D.Trigger;
export const DialogClose = D.Close;

/** Closes the Dialog around a DialogContent: its overlay closes the dialog itself on a touch (see useOverlayTouch). */
const CloseDialog = React.createContext<() => void>(() => {});

/** Radix's Dialog root, controlled or not, that also hands its close to the DialogContent inside. */
export function Dialog({ open, defaultOpen = false, onOpenChange, ...props }: React.ComponentProps<typeof D.Root>) {
  const [own, setOwn] = React.useState(defaultOpen);
  const controlled = open !== undefined;
  const change = React.useCallback(
    (next: boolean) => {
      if (!controlled) setOwn(next);
      onOpenChange?.(next);
    },
    [controlled, onOpenChange],
  );
  const close = React.useCallback(() => change(false), [change]);
  return (
    <CloseDialog.Provider value={close}>
      <D.Root {...props} open={controlled ? open : own} onOpenChange={change} />
    </CloseDialog.Provider>
  );
}

type OutsideEvent = Parameters<NonNullable<React.ComponentProps<typeof D.Content>['onPointerDownOutside']>>[0];
type OutsideHandler = ((e: OutsideEvent) => void) | undefined;

/**
 * A finger lifted on the overlay closes the dialog, as a mouse click there does (docs/decisions/0021-overlay-touch.md).
 * Radix closes only when a `click` follows the pointerdown outside, and a touch often brings none: a tap that
 * drifts past the browser's slop turns into a pan (pointercancel, no click), and iOS Safari sends no click for a
 * tap on a plain div whose only listener is on the document. Here the touchend on the overlay decides instead:
 * it cancels the click that would follow (so Radix does not close a second time, and nothing under the finger is
 * clicked once the sheet is gone), asks the caller's onPointerDownOutside / onInteractOutside with the same
 * cancelable event Radix would send, and closes unless one of them called preventDefault.
 */
function useOverlayTouch(onPointerDownOutside: OutsideHandler, onInteractOutside: OutsideHandler) {
  const close = React.useContext(CloseDialog);
  // The touch's pointerdown, while one finger that started on the overlay is down.
  const press = React.useRef<PointerEvent | null>(null);
  return {
    onPointerDown: (e: React.PointerEvent) => {
      press.current = e.pointerType === 'touch' && e.isPrimary ? e.nativeEvent : null;
    },
    onTouchStart: (e: React.TouchEvent) => {
      if (e.touches.length > 1) press.current = null; // a pinch, not a tap
    },
    onTouchCancel: () => {
      press.current = null;
    },
    onTouchEnd: (e: React.TouchEvent) => {
      const originalEvent = press.current;
      if (!originalEvent || e.touches.length > 0) return;
      press.current = null;
      if (e.cancelable) e.preventDefault();
      const outside: OutsideEvent = new CustomEvent('dismissableLayer.pointerDownOutside', {
        cancelable: true,
        detail: { originalEvent },
      });
      onPointerDownOutside?.(outside);
      onInteractOutside?.(outside);
      if (!outside.defaultPrevented) close();
    },
  };
}

/**
 * A modal: focus trapped, Escape and outside click (or a touch on the overlay) close it, page scroll locked while open.
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
  onPointerDownOutside,
  onInteractOutside,
  ...props
}: React.ComponentProps<typeof D.Content> & { title: React.ReactNode; description?: React.ReactNode }) {
  const opener = React.useRef<HTMLElement | null>(null);
  const overlayTouch = useOverlayTouch(onPointerDownOutside, onInteractOutside);
  return (
    <D.Portal>
      <D.Overlay data-slot="dialog-overlay" className="fixed inset-0 z-40 bg-ink/50 backdrop-blur-[1px]" {...overlayTouch} />
      <D.Content
        className={cn(
          'fixed inset-x-0 bottom-0 z-50 max-h-[92dvh] overflow-y-auto rounded-t-2xl bg-white p-5 shadow-xl sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-full sm:max-w-lg sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:p-6',
          className,
        )}
        {...(description ? {} : { 'aria-describedby': undefined })}
        {...props}
        onPointerDownOutside={onPointerDownOutside}
        onInteractOutside={onInteractOutside}
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
          <D.Close className="-m-3 rounded-lg p-3 text-ink/60 hover:bg-ink/5 hover:text-ink" aria-label="Close">
            <X className="size-5" />
          </D.Close>
        </div>
        {children}
      </D.Content>
    </D.Portal>
  );
}
