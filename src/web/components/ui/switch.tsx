import { Switch as S } from 'radix-ui';
import type * as React from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * An on/off switch (role="switch"). Pair it with a <label htmlFor> or use SwitchField.
 * The visible track is small; the button itself keeps a 44 px touch target.
 */
export function Switch({ className, ...props }: React.ComponentProps<typeof S.Root>) {
  return (
    <S.Root
      className={cn(
        'group relative inline-flex h-11 w-14 shrink-0 cursor-pointer items-center justify-center rounded-full disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...props}
    >
      <span
        aria-hidden="true"
        className="flex h-7 w-12 items-center rounded-full bg-ink/25 p-0.5 transition-colors group-data-[state=checked]:bg-accent"
      >
        <S.Thumb className="block size-6 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5" />
      </span>
    </S.Root>
  );
}

/** A switch with its label and an optional hint, the whole row readable as one control. */
export function SwitchField({
  id,
  label,
  hint,
  className,
  ...props
}: React.ComponentProps<typeof S.Root> & { id: string; label: React.ReactNode; hint?: React.ReactNode }) {
  return (
    <div className={cn('flex items-center justify-between gap-4', className)}>
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-xs text-ink/70">
            {hint}
          </p>
        ) : null}
      </div>
      <Switch id={id} aria-describedby={hint ? `${id}-hint` : undefined} {...props} />
    </div>
  );
}
