import { X } from 'lucide-react';
import * as React from 'react';
import type { TPromoLookupAnswer } from '../../../common/schemas/promo-codes.ts';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { fieldErrorsOf, toUserMessage } from '../../lib/user-message.ts';
import { useCheckPromoCode } from './api/check-promo-code.ts';

export type AppliedCode = TPromoLookupAnswer;

/**
 * "Have a promo code?" on the order form (docs/product.md#promo-codes): the guest types a code and applies it; the
 * server answers its terms (the picker then shows the discount and any hidden types it unlocks) or one message for
 * any code that does not apply. An applied code shows as a chip with a Remove button.
 */
export function PromoCodeField({
  eventId,
  id,
  applied,
  onApply,
  error,
  onError,
}: {
  eventId: string;
  id: string;
  applied: AppliedCode | null;
  onApply(code: AppliedCode | null): void;
  /** The order's own refusal of the code (used up meanwhile, or for other tickets). */
  error?: string;
  onError(message: string | undefined): void;
}) {
  const [open, setOpen] = React.useState(false);
  const [text, setText] = React.useState('');
  const check = useCheckPromoCode(eventId);
  const inputRef = React.useRef<HTMLInputElement>(null);

  async function apply() {
    if (!text.trim() || check.isPending) return;
    try {
      const answer = await check.mutateAsync(text.trim());
      onApply(answer);
      onError(undefined);
      setText('');
    } catch (err) {
      const fields = fieldErrorsOf(err);
      onError(fields?.code ?? toUserMessage(err));
      inputRef.current?.focus();
    }
  }

  if (applied)
    return (
      <div className="grid gap-1">
        <p className="flex items-center justify-between gap-2 rounded-lg border border-ink/15 bg-white py-1 pr-1 pl-3 text-sm">
          <span>
            Code <span className="font-mono font-semibold">{applied.promo.code}</span> applied
          </span>
          <Button
            variant="ghost"
            size="icon"
            className="size-11"
            aria-label={`Remove code ${applied.promo.code}`}
            onClick={() => {
              onApply(null);
              onError(undefined);
            }}
          >
            <X aria-hidden="true" />
          </Button>
        </p>
        {error ? (
          <p id={`${id}-error`} className="text-sm text-danger" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    );

  if (!open)
    return (
      <button
        type="button"
        className="min-h-11 justify-self-start text-sm font-medium underline underline-offset-4"
        onClick={() => {
          setOpen(true);
          requestAnimationFrame(() => inputRef.current?.focus());
        }}
      >
        Have a promo code?
      </button>
    );

  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        Promo code
      </label>
      <div className="flex gap-2">
        <Input
          ref={inputRef}
          id={id}
          value={text}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            setText(e.target.value);
            if (error) onError(undefined);
          }}
          onKeyDown={(e) => {
            // Enter applies the code; it never sends the whole form.
            if (e.key === 'Enter') {
              e.preventDefault();
              void apply();
            }
          }}
          className="flex-1 uppercase"
        />
        <Button
          variant="outline"
          className="min-h-11"
          onClick={() => void apply()}
          disabled={check.isPending}
          aria-busy={check.isPending || undefined}
        >
          {check.isPending ? 'Checking...' : 'Apply'}
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
