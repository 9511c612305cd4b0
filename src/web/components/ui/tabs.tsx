import { Tabs as T } from 'radix-ui';
import type * as React from 'react';
import { cn } from '../../lib/cn.ts';

export const Tabs = T.Root;

export function TabsList({ className, ...props }: React.ComponentProps<typeof T.List>) {
  return <T.List className={cn('flex gap-1 overflow-x-auto rounded-xl bg-ink/5 p-1 [scrollbar-width:none]', className)} {...props} />;
}

export function TabsTrigger({ className, ...props }: React.ComponentProps<typeof T.Trigger>) {
  return (
    <T.Trigger
      className={cn(
        'inline-flex min-h-11 shrink-0 cursor-pointer items-center justify-center gap-2 rounded-lg px-3 text-sm whitespace-nowrap sm:px-4 font-medium text-ink/70 transition-colors hover:text-ink disabled:cursor-not-allowed disabled:opacity-50 data-[state=active]:bg-white data-[state=active]:text-ink data-[state=active]:shadow-sm [&_svg]:size-4',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: React.ComponentProps<typeof T.Content>) {
  return <T.Content className={cn('mt-6 focus-visible:outline-none', className)} {...props} />;
}
