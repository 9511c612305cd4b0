import type * as React from 'react';
import { clsx } from 'clsx';

/** A white panel. `className` is appended, not merged (guest pages stay free of tailwind-merge): add, don't override. */
export function Card({ className, ...props }: React.ComponentProps<'div'>) {
  return <div className={clsx('rounded-2xl border border-ink/10 bg-white shadow-sm', className)} {...props} />;
}
