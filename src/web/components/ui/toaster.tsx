import { lazy, Suspense, useEffect, useState } from 'react';
import type { ToasterProps } from 'sonner';

const SonnerToaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/**
 * The toast outlet, loaded once the page is idle so sonner stays out of the first-load bundle of public
 * pages. Nothing is lost: sonner replays toasts raised before its Toaster subscribed.
 */
export function LazyToaster(props: ToasterProps) {
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
      <SonnerToaster {...props} />
    </Suspense>
  );
}
