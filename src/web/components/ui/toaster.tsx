import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import type { ToasterProps } from 'sonner';

const SonnerToaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/**
 * Below Tailwind's `sm` (640 px) toasts sit at the bottom, off the header's buttons (e.g. Sign Out), and
 * above the action bars phones keep there: the event page's RSVP bar, a dialog sheet's Cancel/Submit.
 */
const SMALL_SCREEN = '(max-width: 639.98px)';
const ABOVE_ACTION_BAR = { bottom: 'calc(5rem + env(safe-area-inset-bottom))' };
const subscribeSmall = (onChange: () => void) => {
  const mq = window.matchMedia(SMALL_SCREEN);
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
};
const isSmallScreen = () => window.matchMedia(SMALL_SCREEN).matches;

/**
 * The toast outlet, loaded once the page is idle so sonner stays out of the first-load bundle of public
 * pages. Nothing is lost: sonner replays toasts raised before its Toaster subscribed.
 * `position` applies from 640 px up; smaller screens always get bottom-center, above the action bars.
 */
export function LazyToaster({ position = 'top-center', richColors = true, closeButton = true, ...props }: ToasterProps) {
  const [ready, setReady] = useState(false);
  const small = useSyncExternalStore(subscribeSmall, isSmallScreen);
  useEffect(() => {
    const start = () => setReady(true);
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(start, { timeout: 1500 });
      return () => window.cancelIdleCallback(id);
    }
    const t = setTimeout(start, 200);
    return () => clearTimeout(t);
  }, []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster
        {...props}
        richColors={richColors}
        closeButton={closeButton}
        {...(small ? { position: 'bottom-center', offset: ABOVE_ACTION_BAR, mobileOffset: ABOVE_ACTION_BAR } : { position })}
      />
    </Suspense>
  );
}
