import { lazy, Suspense, useEffect, useState } from 'react';
import type { ToasterProps } from 'sonner';

const SonnerToaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/**
 * The toast outlet, loaded once the page is idle so sonner stays out of the first-load bundle of public
 * pages. Nothing is lost: sonner replays toasts raised before its Toaster subscribed.
 * Top-center on every screen: at the bottom of a phone a toast lands on the button the user needs next
 * (Sign In after 'Invalid credentials', a dialog's Submit), and a tap leaves sonner's stack expanded
 * and its timers paused, so it stays there. On a phone (sonner's mobile layout, ≤ 600 px) it sits below the
 * header and the Back control, at --toast-top, which lib/toast.ts measures as each toast is raised.
 */
export function LazyToaster({ position = 'top-center', richColors = true, closeButton = true, ...props }: ToasterProps) {
  const [ready, setReady] = useState(false);
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
        mobileOffset={{ top: 'var(--toast-top, 16px)' }}
        {...props}
        position={position}
        richColors={richColors}
        closeButton={closeButton}
      />
    </Suspense>
  );
}
