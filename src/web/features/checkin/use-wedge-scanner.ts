import { useEffect, useRef } from 'react';

/** Keys a USB/Bluetooth scanner types faster than this apart belong to one code; a pause starts afresh. */
const PAUSE_MS = 1_000;

function typingInAField(target: EventTarget | null): boolean {
  const el = target instanceof HTMLElement ? target : null;
  if (!el) return false;
  return el.isContentEditable || el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement;
}

/**
 * A keyboard-wedge scanner (docs/product.md#check-in): it types the QR's content and presses Enter. While
 * no field has the focus, printable keys are collected and Enter hands them to `onCode`, so the staff
 * never have to focus the manual field first. Typing in a field is left alone.
 */
export function useWedgeScanner(onCode: (code: string) => void, enabled = true) {
  const handler = useRef(onCode);
  handler.current = onCode;

  useEffect(() => {
    if (!enabled) return;
    let buffer = '';
    let last = 0;
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || typingInAField(e.target)) return;
      const now = Date.now();
      if (now - last > PAUSE_MS) buffer = '';
      last = now;
      if (e.key === 'Enter') {
        const code = buffer.trim();
        buffer = '';
        if (code) {
          e.preventDefault();
          handler.current(code);
        }
        return;
      }
      if (e.key.length === 1) buffer += e.key;
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
