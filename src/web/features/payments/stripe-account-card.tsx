import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { accountWebhookHref, absoluteUrl } from '../../../common/hrefs.ts';
import type { TStripeAccount, TStripeAccountAnswer, TStripeKeyTest } from '../../../common/schemas/stripe-account.ts';
import { AlertDialog, AlertDialogContent } from '../../components/ui/alert-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { CopyButton } from '../../components/ui/copy-button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Loading } from '../../components/ui/spinner.tsx';
import { api } from '../../lib/api.ts';
import { STRIPE_ACCOUNT_PATH, stripeAccountKey, useStripeAccount } from '../../lib/queries/stripe-account.ts';
import { notify } from '../../lib/toast.ts';
import { fieldErrorsOf, toUserMessage } from '../../lib/user-message.ts';

/** The Stripe events the account's webhook endpoint must receive (docs/product.md#stripe-account). */
const WEBHOOK_EVENTS =
  'checkout.session.completed, checkout.session.async_payment_succeeded, checkout.session.async_payment_failed, checkout.session.expired';

/**
 * "Stripe account" on the Account page (docs/product.md#stripe-account, ADR 0027): the host's keys, entered once,
 * with "Test the keys" (a real read call to Stripe) and the account's one webhook endpoint.
 */
export function StripeAccountCard() {
  const query = useStripeAccount();
  if (query.isPending) return <Loading text="Loading your Stripe account…" className="min-h-24" />;
  if (query.isError) {
    return (
      <div className="grid gap-2" role="alert">
        <p className="text-sm text-danger">{toUserMessage(query.error, 'Failed to load your Stripe account.')}</p>
        <Button variant="outline" className="justify-self-start" onClick={() => query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  // A new form after each save: the saved hints replace what was typed.
  return <StripeAccountForm key={query.data?.updated_at ?? 'new'} account={query.data} />;
}

type KeyVerdict = TStripeKeyTest & { tested: 'typed' | 'saved' };

function StripeAccountForm({ account }: { account: TStripeAccount | null }) {
  const qc = useQueryClient();
  const [publishableKey, setPublishableKey] = useState(account?.publishable_key ?? '');
  const [secretKey, setSecretKey] = useState('');
  const [replacingSecret, setReplacingSecret] = useState(!account);
  const [webhookSecret, setWebhookSecret] = useState('');
  const [replacingWebhook, setReplacingWebhook] = useState(!account?.webhook_secret_masked);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<'save' | 'test' | null>(null);
  const [verdict, setVerdict] = useState<KeyVerdict | null>(null);

  const typedSecret = replacingSecret && secretKey.trim() ? secretKey.trim() : undefined;

  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setBusy('save');
    setErrors({});
    try {
      const body = {
        publishable_key: publishableKey.trim(),
        secret_key: typedSecret,
        webhook_secret: replacingWebhook && webhookSecret.trim() ? webhookSecret.trim() : undefined,
      };
      const saved = await api<TStripeAccountAnswer>(STRIPE_ACCOUNT_PATH, { method: 'PUT', body });
      qc.setQueryData(stripeAccountKey, saved.account);
      notify.success('Stripe account saved', 'Test the keys to make sure Stripe accepts them.');
    } catch (err) {
      const fields = fieldErrorsOf(err);
      setErrors(fields ?? { form: toUserMessage(err, 'Failed to save the Stripe account.') });
    } finally {
      setBusy(null);
    }
  }

  async function test() {
    setBusy('test');
    setErrors({});
    setVerdict(null);
    try {
      const body = { publishable_key: publishableKey.trim() || undefined, secret_key: typedSecret };
      const result = await api<TStripeKeyTest>(`${STRIPE_ACCOUNT_PATH}/test`, { method: 'POST', body });
      setVerdict({ ...result, tested: typedSecret ? 'typed' : 'saved' });
      // A working test of the saved key is remembered with the account.
      if (!typedSecret) await qc.invalidateQueries({ queryKey: stripeAccountKey });
    } catch (err) {
      const fields = fieldErrorsOf(err);
      setErrors(fields ?? { form: toUserMessage(err, 'Failed to test the keys.') });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="grid gap-5">
      <p className="text-sm text-ink/75">
        Enter your Stripe keys once (Stripe → Developers → API keys). Your paid events can then use this account instead of keys of their
        own: guests pay into it.
      </p>
      {account?.checked ? (
        <p className="flex items-start gap-2 rounded-lg bg-paper-soft px-3 py-2 text-sm">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
          <span>
            Reaches {account.checked.name ? `${account.checked.name} (${account.checked.account_ref})` : account.checked.account_ref} in{' '}
            {account.mode} mode.
          </span>
        </p>
      ) : null}
      <form onSubmit={save} noValidate className="grid gap-4" aria-label="Stripe keys">
        <Field label="Publishable key" error={errors.publishable_key} hint="Starts with pk_test_ or pk_live_.">
          <KeyInput value={publishableKey} onChange={(e) => setPublishableKey(e.target.value)} placeholder="pk_live_…" />
        </Field>
        <WriteOnlySecret
          label="Secret key"
          masked={account?.secret_key_masked ?? null}
          replacing={replacingSecret}
          onReplacing={setReplacingSecret}
          value={secretKey}
          onChange={setSecretKey}
          error={errors.secret_key}
          hint="Starts with sk_test_ or sk_live_. Stored encrypted; never shown again."
          placeholder="sk_live_…"
        />
        <WriteOnlySecret
          label="Webhook signing secret (optional)"
          masked={account?.webhook_secret_masked ?? null}
          replacing={replacingWebhook}
          onReplacing={setReplacingWebhook}
          value={webhookSecret}
          onChange={setWebhookSecret}
          error={errors.webhook_secret}
          hint="Starts with whsec_: shown by Stripe when you add the endpoint below. Confirms payments even when a guest closes the page after paying."
          placeholder="whsec_…"
        />
        {errors.form ? (
          <p className="text-sm text-danger" role="alert">
            {errors.form}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={busy !== null} aria-busy={busy === 'save' || undefined}>
            {busy === 'save' ? 'Saving…' : account ? 'Save changes' : 'Save the Stripe account'}
          </Button>
          <Button type="button" variant="outline" onClick={test} disabled={busy !== null} aria-busy={busy === 'test' || undefined}>
            {busy === 'test' ? 'Asking Stripe…' : 'Test the keys'}
          </Button>
        </div>
        <div aria-live="polite">{verdict ? <Verdict verdict={verdict} /> : null}</div>
      </form>
      {account ? <WebhookEndpoint account={account} /> : null}
      {account ? <RemoveAccount account={account} /> : null}
    </div>
  );
}

const VERDICT_TITLE: Record<TStripeKeyTest['verdict'], string> = {
  works: 'The keys work',
  wrong_key: 'Wrong secret key',
  mode_mismatch: 'Test and live keys are mixed',
  no_permission: 'This key may not read the account',
  unreachable: 'Stripe was not reached',
};

function Verdict({ verdict }: { verdict: KeyVerdict }) {
  const ok = verdict.verdict === 'works';
  const Icon = ok ? CircleCheck : CircleAlert;
  return (
    <div className={`flex items-start gap-2 rounded-lg border px-3 py-2 text-sm ${ok ? 'border-success/40' : 'border-danger/40'}`}>
      <Icon aria-hidden="true" className={`mt-0.5 size-4 shrink-0 ${ok ? 'text-success' : 'text-danger'}`} />
      <p>
        <strong className="block">
          {VERDICT_TITLE[verdict.verdict]}
          {verdict.tested === 'typed' ? ' (the keys typed above, not saved yet)' : ''}
        </strong>
        {verdict.message}
      </p>
    </div>
  );
}

type WriteOnlySecretProps = {
  label: string;
  masked: string | null;
  replacing: boolean;
  onReplacing: (v: boolean) => void;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  hint: string;
  placeholder: string;
};

/** A write-only secret: once saved only its hint shows, with Replace; typing a new one is a password input. */
function WriteOnlySecret({ label, masked, replacing, onReplacing, value, onChange, error, hint, placeholder }: WriteOnlySecretProps) {
  if (replacing || !masked) {
    return (
      <div className="grid gap-1">
        <Field label={label} error={error} hint={hint}>
          <KeyInput
            type="password"
            autoComplete="new-password"
            value={value}
            onChange={(e) => onChange(e.target.value)}
            placeholder={placeholder}
          />
        </Field>
        {masked ? (
          <Button
            variant="link"
            className="h-11 justify-self-start"
            onClick={() => {
              onChange('');
              onReplacing(false);
            }}
          >
            Keep the saved one ({masked})
          </Button>
        ) : null}
      </div>
    );
  }
  return (
    <div className="grid gap-1.5">
      <span className="text-sm font-medium">{label}</span>
      <div className="flex items-center gap-2">
        <code className="flex h-11 min-w-0 flex-1 items-center gap-2 truncate rounded-lg border border-ink/15 bg-paper-soft px-3 text-sm">
          <KeyRound className="size-4 shrink-0 text-ink/50" aria-hidden="true" />
          {masked}
        </code>
        <Button variant="outline" aria-label={`Replace the ${label.toLowerCase()} ${masked}`} onClick={() => onReplacing(true)}>
          Replace
        </Button>
      </div>
      {error ? (
        <p className="text-sm text-danger" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function KeyInput(props: React.ComponentProps<typeof Input>) {
  return <Input {...props} autoCapitalize="none" spellCheck={false} className="font-mono text-sm" />;
}

/** The account's one webhook endpoint: every event paid into it is confirmed through it. */
function WebhookEndpoint({ account }: { account: TStripeAccount }) {
  const url = absoluteUrl(window.location.origin, accountWebhookHref(account.id));
  return (
    <div className="grid gap-1.5 text-sm">
      <span className="font-medium">Webhook endpoint</span>
      <span className="flex min-w-0 items-center gap-2">
        <code className="min-w-0 flex-1 truncate rounded bg-paper-soft px-2 py-2 text-xs">{url}</code>
        <CopyButton text={url} label="Copy" srLabel="Copy the webhook endpoint URL" />
      </span>
      <p className="text-xs text-ink/70">
        Add it once in Stripe → Developers → Webhooks for {WEBHOOK_EVENTS}, then paste its signing secret above.
        {account.webhook_secret_masked ? '' : ' Until then, payments are confirmed when guests come back from Stripe.'}
      </p>
    </div>
  );
}

function RemoveAccount({ account }: { account: TStripeAccount }) {
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const inUse = account.events_using > 0;
  async function remove() {
    setBusy(true);
    try {
      await api(STRIPE_ACCOUNT_PATH, { method: 'DELETE' });
      setOpen(false);
      qc.setQueryData(stripeAccountKey, null);
      notify.success('Stripe account removed');
    } catch (err) {
      notify.error('Not removed', toUserMessage(err, 'Failed to remove the Stripe account.'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="grid gap-1.5 border-t border-ink/10 pt-4 text-sm">
      <p className="text-ink/75">
        {inUse
          ? `${account.events_using} ${account.events_using === 1 ? 'event is' : 'events are'} paid into this account. It can be removed once none is.`
          : 'No event is paid into this account yet.'}
      </p>
      {inUse ? null : (
        <AlertDialog open={open} onOpenChange={setOpen}>
          <Button variant="outline" className="justify-self-start" onClick={() => setOpen(true)}>
            Remove the Stripe account
          </Button>
          <AlertDialogContent
            title="Remove your Stripe account?"
            description="Its keys and webhook secret are deleted from Turnout. Your Stripe account itself is not changed."
            confirmLabel={busy ? 'Removing…' : 'Remove'}
            onConfirm={remove}
            busy={busy}
          />
        </AlertDialog>
      )}
    </div>
  );
}
