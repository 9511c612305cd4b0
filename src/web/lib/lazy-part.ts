import { type ComponentType, useEffect, useRef, useState } from 'react';
import { MSG } from '../../common/messages.ts';

/** A component whose code is fetched on demand (lazyPart); usePart renders it. */
export type LazyPart<P> = { preload(): Promise<ComponentType<P>>; loaded(): ComponentType<P> | null };

/**
 * A component kept off a guest page's first load (docs/decisions/0003-public-entry.md): its code is
 * fetched by preload() (a hover, a focus) or by usePart(part, true). One download is shared by every
 * caller; a failed one is forgotten, so the next try fetches again.
 */
export function lazyPart<P>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  return {
    preload: () =>
      (pending ??= load().then(
        (part) => (loaded = part),
        (err: unknown) => {
          pending = null;
          throw err;
        },
      )),
    loaded: () => loaded,
  };
}

/**
 * The part's component once its code is here (null before); `wanted` starts the download. Unlike
 * React.lazy, a failed download never reaches the page's error boundary: onError hears of it and the
 * page stays as it is.
 */
export function usePart<P>(part: LazyPart<P>, wanted: boolean, onError?: () => void): ComponentType<P> | null {
  const [component, setComponent] = useState(part.loaded);
  const failed = useRef(onError);
  failed.current = onError;
  useEffect(() => {
    if (!wanted || component) return;
    let live = true;
    part.preload().then(
      (c) => live && setComponent(() => c),
      () => live && failed.current?.(),
    );
    return () => {
      live = false;
    };
  }, [part, wanted, component]);
  return component;
}

/** Tells the guest that a part of the page could not be downloaded (the toasts load on their own too). */
export async function reportLoadFailure(what: string) {
  const { notify } = await import('./toast.ts');
  notify.error(MSG.error, `${what} could not be loaded. Check your connection and try again.`);
}
