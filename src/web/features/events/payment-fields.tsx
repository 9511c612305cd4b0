import { KeyRound } from 'lucide-react';
import type * as React from 'react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { CURRENCIES, type Currency } from '../../../common/constants.ts';
import { OWNER_ONLY } from '../../../common/event-roles.ts';
import type { TEventAdmin } from '../../../common/schemas/events.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input, Select } from '../../components/ui/input.tsx';
import { SwitchField } from '../../components/ui/switch.tsx';
import { RadioGroup } from '../../components/ui/radio-group.tsx';
import { useStripeAccount } from '../../lib/queries/stripe-account.ts';
import { CopyButton } from '../../components/ui/copy-button.tsx';
import { absoluteUrl, paymentWebhookHref } from '../../../common/hrefs.ts';
import { fieldId } from './event-form-state.ts';
import { bindSwitch, bindText, type FieldsProps, Section } from './event-form-fields.tsx';

/**
 * Paid events (docs/product.md#payments): price, currency, the host's Stripe account or the event's own Stripe keys
 * and webhook signing secret, and whether guests may cancel for a refund. Secrets are write-only: the server returns only a masked
 * hint, which we show with a way to replace it.
 */
export function PaymentFields({ event, ...props }: FieldsProps & { event?: TEventAdmin | null }) {
  const { state, set, errors } = props;
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
          <StripeAccountChoice {...props} event={event} />
          {state.useAccount ? null : <OwnKeys {...props} event={event} />}
          <SwitchField
            {...bindSwitch(props, 'refundsAllowed', 'guest_refunds_allowed')}
            label="Guests may cancel for a refund"
            hint="A guest who cancels a paid RSVP through their link is refunded in full and their seats are freed."
          />
        </>
      ) : null}
    </Section>
  );
}

/**
 * Where guests' payments go (docs/product.md#stripe-account): the host's own Stripe account, saved once on the
 * Account page, or keys of this event only. A new paid event starts on the account when there is one.
 */
function StripeAccountChoice({ event, ...props }: FieldsProps & { event?: TEventAdmin | null }) {
  const { state, set, errors } = props;
  const { data: account } = useStripeAccount();
  const chose = useRef(false);
  useEffect(() => {
    if (!event && account && !chose.current) {
      chose.current = true;
      set('useAccount', true);
    }
  }, [event, account, set]);
  const boundElsewhere = event?.stripe_account_id != null && event.stripe_account_id !== account?.id;
  if (!account && !event?.stripe_account_id) {
    return (
      <p className="rounded-lg bg-paper-soft px-3 py-2 text-sm">
        Tip: enter your Stripe keys once on{' '}
        <Link to="/auth/account" className="font-medium text-accent-ink underline underline-offset-4">
          your Account page
        </Link>{' '}
        and every paid event can use them instead of keys of its own.
      </p>
    );
  }
  const mine = account ? `${account.publishable_key.slice(0, 12)}… · ${account.mode} mode` : undefined;
  const switching = state.useAccount && event && event.stripe_account_id === null;
  return (
    <div id={fieldId('use_host_stripe_account')} tabIndex={-1} className="grid gap-2">
      <RadioGroup
        legend="Guests pay into"
        name="stripe-account"
        value={state.useAccount ? 'account' : 'own'}
        onValueChange={(v) => set('useAccount', v === 'account')}
        error={errors.use_host_stripe_account}
        options={[
          boundElsewhere
            ? { value: 'account', label: 'The Stripe account chosen when the event was set up' }
            : { value: 'account', label: 'My Stripe account', hint: mine },
          { value: 'own', label: 'Keys for this event only' },
        ]}
      />
      {switching ? (
        <p className="text-xs text-ink/70">
          Saving switches this event to your account: its own keys are deleted and new checkouts go to your account. Not possible while one
          of its payments can still be refunded through other keys.
        </p>
      ) : null}
    </div>
  );
}

/** The event's own Stripe keys (before accounts, and for hosts who keep one account per event). */
function OwnKeys({ event, ...props }: FieldsProps & { event?: TEventAdmin | null }) {
  const { errors } = props;
  return (
    <>
      <Field label="Stripe publishable key" error={errors.stripe_publishable_key} hint="Starts with pk_test_ or pk_live_.">
        <KeyInput {...bindText(props, 'publishableKey', 'stripe_publishable_key')} autoComplete="off" placeholder="pk_live_…" />
      </Field>
      <SecretField
        {...props}
        field="stripe_secret_key"
        label="Stripe secret key"
        valueKey="secretKey"
        replacingKey="replacingSecretKey"
        masked={event?.stripe_secret_key_masked ?? null}
        hint="Starts with sk_test_ or sk_live_. Stored encrypted; never shown again."
        placeholder="sk_live_…"
      />
      <SecretField
        {...props}
        field="stripe_webhook_secret"
        label="Webhook signing secret (optional)"
        valueKey="webhookSecret"
        replacingKey="replacingWebhookSecret"
        masked={event?.stripe_webhook_secret_masked ?? null}
        hint="Starts with whsec_. Confirms payments even when a guest closes the page after paying. Stored encrypted; never shown again."
        placeholder="whsec_…"
      />
      <WebhookEndpoint eventId={event?.id} />
    </>
  );
}

/** Where Stripe should send this event's payment events; the endpoint exists once the event is saved. */
function WebhookEndpoint({ eventId }: { eventId?: string }) {
  if (!eventId) {
    return <p className="-mt-2 text-xs text-ink/70">After saving, this event’s webhook endpoint for Stripe is shown here.</p>;
  }
  const url = absoluteUrl(window.location.origin, paymentWebhookHref(eventId));
  return (
    <div className="-mt-2 grid gap-1 text-xs text-ink/70">
      <span>Webhook endpoint to add in Stripe (checkout.session events):</span>
      <span className="flex min-w-0 items-center gap-2">
        <code className="min-w-0 flex-1 truncate rounded bg-paper-soft px-1.5 py-1">{url}</code>
        <CopyButton text={url} label="Copy" srLabel="Copy the webhook endpoint URL" />
      </span>
    </div>
  );
}

type SecretFieldProps = FieldsProps & {
  field: 'stripe_secret_key' | 'stripe_webhook_secret';
  label: string;
  valueKey: 'secretKey' | 'webhookSecret';
  replacingKey: 'replacingSecretKey' | 'replacingWebhookSecret';
  masked: string | null;
  hint: string;
  placeholder: string;
};

/** A write-only secret: a password input while typing one, else its masked hint with 'Replace'. */
function SecretField({ field, label, valueKey, replacingKey, masked, hint, placeholder, ...props }: SecretFieldProps) {
  const { state, set, errors } = props;
  // After 'Replace', focus goes to the new secret's input (and back to 'Replace' after 'Keep').
  const [moveFocus, setMoveFocus] = useState(false);
  if (state[replacingKey]) {
    return (
      <div className="grid gap-2">
        <Field label={label} error={errors[field]} hint={hint}>
          <KeyInput
            {...bindText(props, valueKey, field)}
            type="password"
            autoComplete="new-password"
            placeholder={placeholder}
            autoFocus={moveFocus}
          />
        </Field>
        {masked ? (
          <Button
            variant="link"
            className="h-11 justify-self-start"
            onClick={() => {
              setMoveFocus(true);
              set(valueKey, '');
              set(replacingKey, false);
            }}
          >
            Keep the current {field === 'stripe_secret_key' ? 'key' : 'secret'} ({masked})
          </Button>
        ) : null}
      </div>
    );
  }
  return (
    <div className="grid gap-1.5">
      <span className="text-sm font-medium" id={`${fieldId(field)}-label`}>
        {label}
      </span>
      <div className="flex items-center gap-2">
        <code
          id={`${fieldId(field)}-masked`}
          className="flex h-11 min-w-0 flex-1 items-center gap-2 truncate rounded-lg border border-ink/15 bg-paper-soft px-3 text-sm"
        >
          <KeyRound className="size-4 shrink-0 text-ink/50" aria-hidden="true" />
          {masked}
        </code>
        <Button
          id={fieldId(field)}
          variant="outline"
          aria-label={`Replace ${label} ${masked ?? ''}`.trim()}
          autoFocus={moveFocus}
          onClick={() => {
            setMoveFocus(true);
            set(replacingKey, true);
          }}
        >
          Replace
        </Button>
      </div>
      <p className="text-xs text-ink/70">Saved and encrypted. Only the last characters are shown.</p>
    </div>
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
