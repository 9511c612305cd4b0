import { Check, CircleHelp, X } from 'lucide-react';
import * as React from 'react';
import { type GuestStatus, GUESTS_MAX, GUESTS_MIN, type RsvpStatus } from '../../../common/constants.ts';
import { Field, FieldError } from '../../components/ui/field.tsx';
import { Select } from '../../components/ui/input.tsx';
import { cn } from '../../lib/cn.ts';
import { partySizeLabel } from './format.ts';

/**
 * The answer and party-size controls shared by the RSVP dialog and the manage page
 * (docs/product.md#rsvp-dialog): the three answers come first, as big buttons; the party size reads
 * "Just me" … "Me + 9" and is hidden by its caller when the guest declines.
 */

/** docs/product.md#rsvp-status: the answers offered to guests, in this order. */
export const ANSWERS: readonly { value: RsvpStatus; label: string; icon: typeof Check }[] = [
  { value: 'confirmed', label: "Yes, I'll attend", icon: Check },
  { value: 'maybe', label: 'Maybe', icon: CircleHelp },
  { value: 'declined', label: "Sorry, can't make it", icon: X },
];

type AnswerButtonsProps = {
  /** A place on the waitlist checks no answer. */
  value: GuestStatus;
  onValueChange(value: RsvpStatus): void;
  /** The radios' form name. */
  name?: string;
  legend?: React.ReactNode;
  error?: string;
  disabled?: boolean;
  /** Set on the checked answer's radio, e.g. to focus it when a dialog opens. */
  checkedRef?: React.Ref<HTMLInputElement>;
  /** Why "Yes" cannot be chosen now (a full event, docs/product.md#capacity): shown on it, and it is disabled. */
  yesClosed?: string;
  className?: string;
};

/**
 * Three big buttons that are a radio group for keyboards and screen readers: native radios of one
 * name (arrow keys move and choose, Tab leaves the group), each one's label drawn as a 64 px card
 * that the (transparent) radio covers.
 */
export function AnswerButtons({
  value,
  onValueChange,
  name = 'status',
  legend = 'Will you attend?',
  error,
  disabled,
  checkedRef,
  yesClosed,
  className,
}: AnswerButtonsProps) {
  const id = React.useId();
  return (
    <div
      role="radiogroup"
      aria-labelledby={`${id}-legend`}
      aria-describedby={error ? `${id}-error` : undefined}
      aria-invalid={error ? true : undefined}
      className={cn('grid min-w-0 gap-2', className)}
    >
      <span id={`${id}-legend`} className="text-sm font-medium">
        {legend}
      </span>
      <div className="grid grid-cols-3 gap-2">
        {ANSWERS.map(({ value: v, label, icon: Icon }) => {
          const closed = v === 'confirmed' ? yesClosed : undefined;
          return (
            <label
              key={v}
              className={cn(
                'relative flex min-h-16 cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border-2 border-ink/15 bg-white px-1.5 py-2 text-center text-sm leading-tight font-medium transition-colors',
                'hover:border-ink/35 has-checked:border-accent has-checked:bg-violet-50 has-checked:text-ink',
                'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-accent',
                'has-disabled:cursor-not-allowed has-disabled:opacity-60',
              )}
            >
              <input
                ref={value === v ? checkedRef : undefined}
                type="radio"
                name={name}
                value={v}
                checked={value === v}
                disabled={disabled || Boolean(closed)}
                aria-describedby={closed ? `${id}-closed` : undefined}
                onChange={() => onValueChange(v)}
                className="absolute inset-0 size-full cursor-pointer appearance-none rounded-xl opacity-0"
              />
              <Icon className={cn('size-5', value === v ? 'text-accent' : 'text-ink/60')} aria-hidden="true" />
              <span>{label}</span>
              {closed ? (
                <span id={`${id}-closed`} className="text-xs font-normal">
                  {closed}
                </span>
              ) : null}
            </label>
          );
        })}
      </div>
      <FieldError id={id} error={error} />
    </div>
  );
}

const PARTY_SIZES = Array.from({ length: GUESTS_MAX - GUESTS_MIN + 1 }, (_, i) => GUESTS_MIN + i);

type PartySizeFieldProps = {
  value: number;
  onChange(value: number): void;
  /** The select's id (Field wires the label, hint and error to it). */
  id?: string;
  name?: string;
  label?: React.ReactNode;
  error?: string;
  hint?: React.ReactNode;
  disabled?: boolean;
  /** Each choice's text (answer-words.ts: "Just me" … "Me + 9", or "1" … "10" tickets). */
  option?: (n: number) => string;
  className?: string;
};

/** The party size, "Just me" to "Me + 9" (GUESTS_MIN to GUESTS_MAX people in total), in a labelled select. */
export function PartySizeField({
  value,
  onChange,
  id,
  name = 'guest_count',
  label = 'Party size',
  error,
  hint,
  disabled,
  option = partySizeLabel,
  className,
}: PartySizeFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      <Select id={id} name={name} value={value} disabled={disabled} onChange={(e) => onChange(Number(e.target.value))}>
        {PARTY_SIZES.map((n) => (
          <option key={n} value={n}>
            {option(n)}
          </option>
        ))}
      </Select>
    </Field>
  );
}
