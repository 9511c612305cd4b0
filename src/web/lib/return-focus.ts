/**
 * Dialogs opened without a Radix Trigger lose focus on close (Radix returns it to the trigger). They
 * remember the opener with focusedElement() and hand it back with returnFocus() in onCloseAutoFocus.
 */

/** The element that has focus now, unless that is the page itself. */
export function focusedElement(): HTMLElement | null {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

/** Focuses `el` instead of Radix's default when it is still on the page (after a delete it may not be). */
export function returnFocus(e: Event, el: HTMLElement | null) {
  if (el?.isConnected) {
    e.preventDefault();
    el.focus();
  }
}
