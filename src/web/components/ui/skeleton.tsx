import type * as React from 'react';
import { cn } from '../../lib/cn.ts';

/** A pulsing placeholder block; decorative, so screen readers skip it (announce loading elsewhere). */
export function Skeleton({ className, ...props }: React.ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-lg bg-ink/10', className)} {...props} />;
}
