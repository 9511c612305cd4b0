import { toast } from 'sonner';

/**
 * On a phone, toasts stack just below the screen's banner (a top-level <header>) and its Back control
 * ([data-toast-below]), measured as each toast is raised and while it shows: they never cover the way out
 * (docs/product.md#messages). components/ui/toaster.tsx reads --toast-top.
 */
function clearHeader() {
  const edges = [...document.querySelectorAll('header:not(main header, article header, section header, aside header), [data-toast-below]')]
    .map((el) => el.getBoundingClientRect())
    .filter((r) => r.height > 0 && r.bottom > 0 && r.top < window.innerHeight / 3)
    .map((r) => r.bottom);
  // 16 px clear of it: the close button's touch area reaches 11 px above the toast (styles.css).
  document.documentElement.style.setProperty('--toast-top', `${Math.round(Math.max(0, ...edges)) + 16}px`);
}

/** How long after a toast is raised the page is watched for a new header: sonner's 4 s, its exit, and slack. */
const FOLLOW_MS = 6_000;
let followUntil = 0;
let watcher: MutationObserver | null = null;

/**
 * Measures now, then again whenever the page changes while a toast may be on screen: one raised just before a
 * navigation ("Welcome back!" on the sign-in form, then the dashboard) must move below the next screen's header,
 * not cover its Sign Out. At most once a frame.
 */
function followHeader() {
  clearHeader();
  followUntil = Date.now() + FOLLOW_MS;
  if (watcher || typeof MutationObserver === 'undefined') return;
  let queued = false;
  const observer = new MutationObserver(() => {
    if (Date.now() > followUntil) {
      observer.disconnect();
      watcher = null;
      return;
    }
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      clearHeader();
    });
  });
  observer.observe(document.body, { childList: true, subtree: true });
  watcher = observer;
}

/** Toasts (docs/product.md#messages) are a title plus an optional description. */
export const notify = {
  success: (title: string, description?: string) => {
    followHeader();
    return toast.success(title, { description });
  },
  error: (title: string, description?: string) => {
    followHeader();
    return toast.error(title, { description });
  },
  info: (title: string, description?: string) => {
    followHeader();
    return toast(title, { description });
  },
};
