import type * as React from 'react';
import { cn } from '../../lib/cn.ts';

const base =
  'w-full rounded-lg border border-ink/20 bg-white px-3 text-base text-ink placeholder:text-ink/40 focus-visible:outline-2 focus-visible:outline-accent aria-[invalid=true]:border-danger disabled:opacity-60 touch:min-h-11';

/** An e-mail field: the e-mail keyboard on phones, no automatic capitals or spelling marks. Spread it into <Input>. */
export const EMAIL_INPUT = { type: 'email', inputMode: 'email', autoCapitalize: 'none', spellCheck: false } as const;

/** A phone field: the phone keypad and the browser's saved number. Spread it into <Input>. */
export const PHONE_INPUT = { type: 'tel', inputMode: 'tel', autoComplete: 'tel' } as const;

export function Input({ className, ...props }: React.ComponentProps<'input'>) {
  return <input className={cn(base, 'h-11', className)} {...props} />;
}

export function Textarea({ className, ...props }: React.ComponentProps<'textarea'>) {
  return <textarea className={cn(base, 'min-h-24 py-2', className)} {...props} />;
}

export function Select({ className, ...props }: React.ComponentProps<'select'>) {
  return <select className={cn(base, 'h-11', className)} {...props} />;
}
