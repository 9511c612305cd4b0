import * as React from 'react';
import { cn } from '../../lib/cn.ts';
import { FieldError } from './field.tsx';

export type RadioOption<V extends string> = { value: V; label: React.ReactNode; hint?: React.ReactNode };

type RadioGroupProps<V extends string> = {
  legend: React.ReactNode;
  name: string;
  value: V;
  onValueChange: (value: V) => void;
  options: readonly RadioOption<V>[];
  error?: string;
  disabled?: boolean;
  className?: string;
  /** 'stack' (one per row) or 'grid' (side by side from the sm breakpoint). */
  layout?: 'stack' | 'grid';
};

/**
 * Native radio buttons (one name) in a labelled radiogroup: arrow keys move the choice, Tab leaves the
 * group, and screen readers announce "radio group" with its label. Each option is a 44 px tall card.
 */
export function RadioGroup<V extends string>({
  legend,
  name,
  value,
  onValueChange,
  options,
  error,
  disabled,
  className,
  layout = 'stack',
}: RadioGroupProps<V>) {
  const id = React.useId();
  return (
    <div
      role="radiogroup"
      aria-labelledby={`${id}-legend`}
      aria-describedby={error ? `${id}-error` : undefined}
      aria-invalid={error ? true : undefined}
      className={cn('grid min-w-0 gap-1.5', className)}
    >
      <span id={`${id}-legend`} className="text-sm font-medium">
        {legend}
      </span>
      <div className={cn('grid gap-2', layout === 'grid' && 'sm:grid-cols-3')}>
        {options.map((o) => (
          <label
            key={o.value}
            className={cn(
              'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-ink/20 bg-white px-3 py-2 text-sm transition-colors',
              'hover:border-ink/40 has-checked:border-accent has-checked:bg-violet-50 has-checked:font-medium',
              'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-accent',
              'has-disabled:cursor-not-allowed has-disabled:opacity-60',
            )}
          >
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              disabled={disabled}
              onChange={() => onValueChange(o.value)}
              className="size-4 shrink-0 accent-accent focus-visible:outline-none"
            />
            <span className="grid">
              <span>{o.label}</span>
              {o.hint ? <span className="text-xs font-normal text-ink/70">{o.hint}</span> : null}
            </span>
          </label>
        ))}
      </div>
      <FieldError id={id} error={error} />
    </div>
  );
}
