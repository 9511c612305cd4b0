import type * as React from 'react';
import { cn } from '../../lib/cn.ts';

export function Card({ className, ...props }: React.ComponentProps<'div'>) {
  return <div className={cn('rounded-2xl border border-ink/10 bg-white shadow-sm', className)} {...props} />;
}
