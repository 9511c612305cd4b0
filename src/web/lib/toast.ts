import { toast } from 'sonner';

/**
 * On a phone, toasts stack just below the screen's banner (a top-level <header>) and its Back control
 * ([data-toast-below]), measured as each toast is raised: they never cover the way out
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

/** Toasts (docs/product.md#messages) are a title plus an optional description. */
export const notify = {
  success: (title: string, description?: string) => {
    clearHeader();
    return toast.success(title, { description });
  },
  error: (title: string, description?: string) => {
    clearHeader();
    return toast.error(title, { description });
  },
  info: (title: string, description?: string) => {
    clearHeader();
    return toast(title, { description });
  },
};
