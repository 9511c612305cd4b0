import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { clsx } from 'clsx';

const badge = cva('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', {
  variants: {
    tone: {
      neutral: 'bg-ink/10 text-ink',
      success: 'bg-green-100 text-green-900',
      warning: 'bg-amber-100 text-amber-900',
      danger: 'bg-red-100 text-red-900',
      accent: 'bg-violet-100 text-violet-900',
    },
  },
  defaultVariants: { tone: 'neutral' },
});

/** A pill. `className` is appended, not merged (guest pages stay free of tailwind-merge): add, don't override. */
export function Badge({ className, tone, ...props }: React.ComponentProps<'span'> & VariantProps<typeof badge>) {
  return <span className={clsx(badge({ tone }), className)} {...props} />;
}
