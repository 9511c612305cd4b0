import { clsx } from 'clsx';

/**
 * A centred loading message; the text is what docs/product.md#screens says each screen shows while loading.
 * Uses clsx, not cn: this is in the entry chunk, and tailwind-merge (~8 kB gzip) stays out of it.
 * So `className` is appended, not merged: pass classes that do not fight the defaults.
 */
export function Loading({ text = 'Loading...', className }: { text?: string; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={clsx('flex min-h-[40vh] items-center justify-center gap-3 text-ink/70', className)}>
      <span className="size-5 animate-spin rounded-full border-2 border-ink/20 border-t-ink" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}
