import { cn } from '../../lib/cn.ts';

/** A centred loading message; the text is what SPEC §2 says each screen shows while loading. */
export function Loading({ text = 'Loading...', className }: { text?: string; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={cn('flex min-h-[40vh] items-center justify-center gap-3 text-ink/70', className)}>
      <span className="size-5 animate-spin rounded-full border-2 border-ink/20 border-t-ink" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}
