import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useId, useState } from 'react';
import {
  API_KEY_NAME_MAX,
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  type ApiKeyScope,
  type TApiKey,
  type TApiKeyCreated,
} from '../../../common/schemas/api-keys.ts';
import { AlertDialog, AlertDialogContent } from '../../components/ui/alert-dialog.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field, FieldError } from '../../components/ui/field.tsx';
import { Input, Select } from '../../components/ui/input.tsx';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';
import { toUserMessage } from '../../lib/user-message.ts';
import { ago } from './session-labels.ts';
import { ListPending, ShownOnce } from './shown-once.tsx';
import { useCreateForm } from './use-create-form.ts';

const keysKey = ['account', 'api-keys'] as const;
const keysQuery = () =>
  queryOptions({
    queryKey: keysKey,
    queryFn: ({ signal }) => api<{ keys: TApiKey[] }>('/api/account/api-keys', { signal }).then((d) => d.keys),
  });

const EXPIRY_CHOICES = [
  { value: '', label: 'Never (until revoked)' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
];

const dateOf = (iso: string) => new Date(iso).toLocaleDateString('en', { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * The account's API keys (docs/product.md#api-keys): make one (its secret is shown once), see each key's
 * scopes and last use, revoke one at once.
 */
export function ApiKeys() {
  const keys = useQuery(keysQuery());
  const [made, setMade] = useState<TApiKeyCreated | null>(null);
  return (
    <div className="grid gap-4">
      <p className="text-sm text-ink/70">
        Let another system use Turnout as you: send the key in the header{' '}
        <code className="font-mono">Authorization: Bearer &lt;key&gt;</code>. A key works only for what you tick, never for your account
        settings. The{' '}
        <a className="underline underline-offset-4" href="/api/docs">
          API reference
        </a>{' '}
        lists what each permission opens.
      </p>
      {made ? <NewSecret made={made} onDone={() => setMade(null)} /> : <NewKeyForm onMade={setMade} />}
      <KeyList state={keys} />
    </div>
  );
}

function NewKeyForm({ onMade }: { onMade: (made: TApiKeyCreated) => void }) {
  const qc = useQueryClient();
  const scopesId = useId();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [expiry, setExpiry] = useState('');
  const { errors, busy, submit } = useCreateForm(
    async () => {
      const body = { name, scopes, expires_in_days: expiry ? Number(expiry) : null };
      const made = await api<TApiKeyCreated>('/api/account/api-keys', { method: 'POST', body });
      await qc.invalidateQueries({ queryKey: keysKey });
      return made;
    },
    onMade,
    'The key was not made',
  );

  return (
    <form className="grid gap-4 rounded-xl border border-ink/10 p-4" onSubmit={submit} noValidate>
      <h3 className="font-medium">New key</h3>
      <Field label="Key name" hint="What will use it, e.g. “Website sync”" error={errors.name}>
        <Input value={name} maxLength={API_KEY_NAME_MAX} onChange={(e) => setName(e.target.value)} autoComplete="off" />
      </Field>
      <fieldset className="grid gap-2" aria-describedby={errors.scopes ? `${scopesId}-error` : undefined}>
        <legend className="mb-1 text-sm font-medium">It may</legend>
        {API_KEY_SCOPES.map((scope) => (
          <label key={scope} className="flex min-h-11 cursor-pointer items-start gap-3 py-1">
            <input
              type="checkbox"
              className="mt-0.5 size-5 shrink-0 accent-ink"
              checked={scopes.includes(scope)}
              onChange={(e) => setScopes(e.target.checked ? [...scopes, scope] : scopes.filter((s) => s !== scope))}
            />
            <span className="grid">
              <span className="text-sm font-medium">{API_KEY_SCOPE_LABELS[scope].label}</span>
              <span className="text-xs text-ink/70">{API_KEY_SCOPE_LABELS[scope].help}</span>
            </span>
          </label>
        ))}
        <FieldError id={scopesId} error={errors.scopes} />
      </fieldset>
      <Field label="Expires" error={errors.expires_in_days}>
        <Select value={expiry} onChange={(e) => setExpiry(e.target.value)}>
          {EXPIRY_CHOICES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </Select>
      </Field>
      <Button type="submit" className="justify-self-start" disabled={busy}>
        {busy ? 'Making the key…' : 'Make the key'}
      </Button>
    </form>
  );
}

/** The new key's secret, shown this once. */
function NewSecret({ made, onDone }: { made: TApiKeyCreated; onDone: () => void }) {
  return (
    <ShownOnce
      lead={`“${made.key.name}” is ready. Copy its key now: it is not shown again.`}
      secret={made.secret}
      copyLabel="Copy the API key"
      onDone={onDone}
    />
  );
}

function KeyList({ state }: { state: ReturnType<typeof useQuery<TApiKey[]>> }) {
  const qc = useQueryClient();
  const [revoking, setRevoking] = useState<TApiKey | null>(null);
  const [busy, setBusy] = useState(false);

  async function revoke() {
    if (!revoking) return;
    setBusy(true);
    try {
      await api(`/api/account/api-keys/${revoking.id}`, { method: 'DELETE' });
      await qc.invalidateQueries({ queryKey: keysKey });
      notify.success('Key revoked', `“${revoking.name}” no longer works.`);
      setRevoking(null);
    } catch (err) {
      notify.error('The key was not revoked', toUserMessage(err));
    } finally {
      setBusy(false);
    }
  }

  if (!state.isSuccess) return <ListPending state={state} what="your API keys" />;
  if (!state.data.length) return <p className="text-sm text-ink/70">You have no API keys.</p>;
  return (
    <>
      <ul className="grid gap-2" aria-label="Your API keys">
        {state.data.map((k) => (
          <li key={k.id} className="flex flex-wrap items-center gap-3 rounded-xl border border-ink/10 p-3">
            <KeyRound aria-hidden="true" className="size-5 shrink-0 text-ink/60" />
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-2 font-medium">
                {k.name} <span className="font-mono text-sm text-ink/70">{k.prefix}…</span>
              </p>
              <p className="flex flex-wrap gap-1 py-1">
                {k.scopes.map((s) => (
                  <Badge key={s}>{API_KEY_SCOPE_LABELS[s].label}</Badge>
                ))}
              </p>
              <p className="text-sm text-ink/70">
                {k.last_used_at ? `Last used ${ago(k.last_used_at)}` : 'Never used'} · made {dateOf(k.created_at)}
                {k.expires_at ? ` · expires ${dateOf(k.expires_at)}` : ''}
              </p>
            </div>
            <Button variant="outline" size="sm" className="h-11" onClick={() => setRevoking(k)} aria-label={`Revoke ${k.name}`}>
              Revoke
            </Button>
          </li>
        ))}
      </ul>
      <AlertDialog open={revoking !== null} onOpenChange={(open) => !open && setRevoking(null)}>
        {revoking ? (
          <AlertDialogContent
            title={`Revoke “${revoking.name}”?`}
            description="Whatever uses it is refused from its next request. This cannot be undone."
            confirmLabel={busy ? 'Revoking…' : 'Revoke'}
            busy={busy}
            onConfirm={(e) => {
              e.preventDefault();
              void revoke();
            }}
          />
        ) : null}
      </AlertDialog>
    </>
  );
}
