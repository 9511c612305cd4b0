import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { CURRENCIES, type Currency } from '../../../common/constants.ts';
import { OWNER_ONLY } from '../../../common/event-roles.ts';
import type { TEventAdmin } from '../../../common/schemas/events.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input, Select } from '../../components/ui/input.tsx';
import { SwitchField } from '../../components/ui/switch.tsx';
import { fieldId } from './event-form-state.ts';
import { bindSwitch, bindText, type FieldsProps, Section } from './event-form-fields.tsx';

/**
 * Paid events: price, currency and the event's own Stripe keys. The secret key is write-only: the
 * server returns only a masked hint, which we show with a way to replace it.
 */
export function PaymentFields({ maskedSecret, ...props }: FieldsProps & { maskedSecret: string | null }) {
  const { state, set, errors } = props;
  // After 'Replace', focus goes to the new key's input (and back to 'Replace' after 'Keep').
  const [moveFocus, setMoveFocus] = useState(false);
  return (
    <Section title="Tickets and payment">
      <SwitchField
        {...bindSwitch(props, 'isPaid', 'is_paid_event')}
        label="Paid event"
        hint="Guests pay by card through Stripe Checkout before they get their ticket."
      />
      {state.isPaid ? (
        <>
          <div className="grid grid-cols-[1fr_auto] gap-4">
            <Field label="Ticket price" error={errors.ticket_price}>
              <Input
                {...bindText(props, 'price', 'ticket_price')}
                type="number"
                inputMode="decimal"
                min={0}
                step={0.01}
                placeholder="0.00"
              />
            </Field>
            <Field label="Currency" error={errors.currency}>
              <Select
                id={fieldId('currency')}
                value={state.currency}
                onChange={(e) => set('currency', e.target.value as Currency)}
                className="w-28"
              >
                {CURRENCIES.map((c) => (
                  <option key={c} value={c}>
                    {c.toUpperCase()}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
          <Field label="Stripe publishable key" error={errors.stripe_publishable_key} hint="Starts with pk_test_ or pk_live_.">
            <KeyInput {...bindText(props, 'publishableKey', 'stripe_publishable_key')} autoComplete="off" placeholder="pk_live_…" />
          </Field>
          {state.replacingSecretKey ? (
            <div className="grid gap-2">
              <Field
                label="Stripe secret key"
                error={errors.stripe_secret_key}
                hint="Starts with sk_test_ or sk_live_. Stored encrypted; never shown again."
              >
                <KeyInput
                  {...bindText(props, 'secretKey', 'stripe_secret_key')}
                  type="password"
                  autoComplete="new-password"
                  placeholder="sk_live_…"
                  autoFocus={moveFocus}
                />
              </Field>
              {maskedSecret ? (
                <Button
                  variant="link"
                  className="h-11 justify-self-start"
                  onClick={() => {
                    setMoveFocus(true);
                    set('secretKey', '');
                    set('replacingSecretKey', false);
                  }}
                >
                  Keep the current key ({maskedSecret})
                </Button>
              ) : null}
            </div>
          ) : (
            <div className="grid gap-1.5">
              <span className="text-sm font-medium" id={`${fieldId('stripe_secret_key')}-label`}>
                Stripe secret key
              </span>
              <div className="flex items-center gap-2">
                <code
                  id={`${fieldId('stripe_secret_key')}-masked`}
                  className="flex h-11 min-w-0 flex-1 items-center gap-2 truncate rounded-lg border border-ink/15 bg-paper-soft px-3 text-sm"
                >
                  <KeyRound className="size-4 shrink-0 text-ink/50" aria-hidden="true" />
                  {maskedSecret}
                </code>
                <Button
                  id={fieldId('stripe_secret_key')}
                  variant="outline"
                  aria-label={`Replace Stripe secret key ${maskedSecret ?? ''}`.trim()}
                  autoFocus={moveFocus}
                  onClick={() => {
                    setMoveFocus(true);
                    set('replacingSecretKey', true);
                  }}
                >
                  Replace
                </Button>
              </div>
              <p className="text-xs text-ink/70">Saved and encrypted. Only the last characters are shown.</p>
            </div>
          )}
        </>
      ) : null}
    </Section>
  );
}

/** A Stripe key: typed or pasted as it is, in monospace. */
function KeyInput(props: React.ComponentProps<typeof Input>) {
  return <Input {...props} autoCapitalize="none" spellCheck={false} className="font-mono text-sm" />;
}

/** What a co-host sees instead of the payment fields: the settings, and who may change them. */
export function PaymentSummary({ event }: { event: TEventAdmin }) {
  const price = event.ticket_price === null ? '' : ` · ${event.ticket_price.toFixed(2)} ${event.currency.toUpperCase()}`;
  return (
    <Section title="Tickets and payment" description={OWNER_ONLY.payment}>
      <p className="rounded-lg bg-paper-soft px-3 py-2 text-sm">{event.is_paid_event ? `Paid event${price}` : 'Free event'}</p>
    </Section>
  );
}
