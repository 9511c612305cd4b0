import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Webhook } from 'lucide-react';
import { useId, useState } from 'react';
import {
  type TWebhookEndpoint,
  type TWebhookWithSecret,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_URL_MAX,
  type WebhookEventType,
} from '../../../common/schemas/webhooks.ts';
import { AlertDialog, AlertDialogContent } from '../../components/ui/alert-dialog.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field, FieldError } from '../../components/ui/field.tsx';
import { Input, Select } from '../../components/ui/input.tsx';
import { api } from '../../lib/api.ts';
import { useEvents } from '../../lib/queries/get-events.ts';
import { notify } from '../../lib/toast.ts';
import { toUserMessage } from '../../lib/user-message.ts';
import { ago } from './session-labels.ts';
import { ListPending, ShownOnce } from './shown-once.tsx';
import { useCreateForm } from './use-create-form.ts';
import { WebhookDeliveries } from './webhook-deliveries.tsx';
import { endpointPath, webhooksKey, webhooksPath, webhooksQuery } from './webhooks-api.ts';

/** A secret to show once: a new endpoint's, or a rotated one. */
type Shown = { lead: string; secret: string };

/**
 * The account's webhook endpoints (docs/product.md#webhooks): add one (its signing secret is shown once), see
 * each one's state, its delivery log, pause or resume it, rotate its secret, delete it.
 */
export function Webhooks() {
  const endpoints = useQuery(webhooksQuery());
  const [shown, setShown] = useState<Shown | null>(null);
  const [adding, setAdding] = useState(false);
  const made = (m: TWebhookWithSecret) => {
    setAdding(false);
    setShown({ lead: `The endpoint is ready. Copy its signing secret now: it is not shown again.`, secret: m.secret });
  };
  return (
    <div className="grid gap-4">
      <p className="text-sm text-ink/70">
        Tell another system when guests answer, pay or arrive: Turnout POSTs a signed JSON message (Standard Webhooks) to each endpoint. The{' '}
        <a className="underline underline-offset-4" href="/api/docs">
          API reference
        </a>{' '}
        describes every message and how to check its signature.
      </p>
      {shown ? (
        <ShownOnce lead={shown.lead} secret={shown.secret} copyLabel="Copy the signing secret" onDone={() => setShown(null)} />
      ) : null}
      {adding ? (
        <NewEndpointForm onMade={made} onCancel={() => setAdding(false)} />
      ) : (
        <Button variant="outline" className="justify-self-start" onClick={() => setAdding(true)}>
          Add endpoint
        </Button>
      )}
      {endpoints.isSuccess ? (
        <EndpointList endpoints={endpoints.data} onSecret={setShown} />
      ) : (
        <ListPending state={endpoints} what="your webhook endpoints" />
      )}
    </div>
  );
}

function NewEndpointForm({ onMade, onCancel }: { onMade: (m: TWebhookWithSecret) => void; onCancel: () => void }) {
  const qc = useQueryClient();
  const typesId = useId();
  const events = useEvents();
  const owned = (events.data ?? []).filter((e) => e.role === 'owner');
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [eventId, setEventId] = useState('');
  const [types, setTypes] = useState<WebhookEventType[]>([...WEBHOOK_EVENT_TYPES]);
  const { errors, busy, submit } = useCreateForm(
    async () => {
      const body = { url, description: description || undefined, event_id: eventId || null, events: types };
      const made = await api<TWebhookWithSecret>(webhooksPath, { method: 'POST', body });
      await qc.invalidateQueries({ queryKey: webhooksKey });
      return made;
    },
    onMade,
    'The endpoint was not added',
  );

  return (
    <form className="grid gap-4 rounded-xl border border-ink/10 p-4" onSubmit={submit} noValidate>
      <h3 className="font-medium">New endpoint</h3>
      <Field label="Endpoint URL" hint="Where Turnout POSTs, e.g. https://example.com/turnout-hooks" error={errors.url}>
        <Input
          value={url}
          type="url"
          inputMode="url"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={WEBHOOK_URL_MAX}
          onChange={(e) => setUrl(e.target.value)}
          autoComplete="off"
        />
      </Field>
      <Field label="Description (optional)" hint="What receives it, e.g. “CRM sync”" error={errors.description}>
        <Input
          value={description}
          maxLength={WEBHOOK_DESCRIPTION_MAX}
          onChange={(e) => setDescription(e.target.value)}
          autoComplete="off"
        />
      </Field>
      <Field label="Events" hint="All the events you own, now and later, or just one" error={errors.event_id}>
        <Select value={eventId} onChange={(e) => setEventId(e.target.value)}>
          <option value="">All your events</option>
          {owned.map((ev) => (
            <option key={ev.id} value={ev.id}>
              {ev.title}
            </option>
          ))}
        </Select>
      </Field>
      <fieldset className="grid gap-1" aria-describedby={errors.events ? `${typesId}-error` : undefined}>
        <legend className="mb-1 text-sm font-medium">Tell it when</legend>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <label key={type} className="flex min-h-11 cursor-pointer items-center gap-3 py-1">
            <input
              type="checkbox"
              className="size-5 shrink-0 accent-ink"
              checked={types.includes(type)}
              onChange={(e) => setTypes(e.target.checked ? [...types, type] : types.filter((t) => t !== type))}
            />
            <span className="grid">
              <span className="text-sm font-medium">{WEBHOOK_EVENT_LABELS[type]}</span>
              <span className="font-mono text-xs text-ink/70">{type}</span>
            </span>
          </label>
        ))}
        <FieldError id={typesId} error={errors.events} />
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? 'Adding…' : 'Add endpoint'}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function statusBadge(e: TWebhookEndpoint) {
  if (e.status === 'active') return <Badge tone="success">Active</Badge>;
  return (
    <Badge tone={e.paused_reason === 'failing' ? 'danger' : 'warning'}>
      {e.paused_reason === 'failing' ? 'Paused: failing' : 'Paused'}
    </Badge>
  );
}

function EndpointList({ endpoints, onSecret }: { endpoints: TWebhookEndpoint[]; onSecret: (s: Shown) => void }) {
  const qc = useQueryClient();
  const [deleting, setDeleting] = useState<TWebhookEndpoint | null>(null);
  const [logOf, setLogOf] = useState<TWebhookEndpoint | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  async function act(e: TWebhookEndpoint, what: 'pause' | 'resume' | 'rotate' | 'delete') {
    setBusy(`${what}:${e.id}`);
    try {
      if (what === 'rotate') {
        const r = await api<TWebhookWithSecret>(`${endpointPath(e.id)}/rotate-secret`, { method: 'POST' });
        onSecret({ lead: 'A new signing secret. Copy it now: for 24 hours messages are signed with the old one too.', secret: r.secret });
      } else if (what === 'delete') {
        await api(endpointPath(e.id), { method: 'DELETE' });
        setDeleting(null);
        notify.success('Endpoint deleted', 'Nothing more is sent to it.');
      } else {
        await api(endpointPath(e.id), { method: 'PATCH', body: { paused: what === 'pause' } });
        notify.success(
          what === 'pause' ? 'Endpoint paused' : 'Endpoint resumed',
          what === 'pause' ? 'Nothing is sent until you resume it.' : 'Waiting messages go out now.',
        );
      }
      await qc.invalidateQueries({ queryKey: webhooksKey });
    } catch (err) {
      notify.error('That did not work', toUserMessage(err));
    } finally {
      setBusy(null);
    }
  }

  if (!endpoints.length) return <p className="text-sm text-ink/70">You have no webhook endpoints.</p>;
  return (
    <>
      <ul className="grid gap-2" aria-label="Your webhook endpoints">
        {endpoints.map((e) => (
          <li key={e.id} className="grid gap-2 rounded-xl border border-ink/10 p-3">
            <div className="flex items-start gap-3">
              <Webhook aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-ink/60" />
              <div className="grid min-w-0 flex-1 gap-1">
                <p className="break-all font-mono text-sm">{e.url}</p>
                <p className="flex flex-wrap items-center gap-2 text-sm text-ink/70">
                  {statusBadge(e)}
                  {e.description ? <span className="text-ink">{e.description}</span> : null}
                  <span>{e.event_title ? `Event: ${e.event_title}` : 'All your events'}</span>
                </p>
                <p className="text-sm text-ink/70">
                  {e.events.length === WEBHOOK_EVENT_TYPES.length ? 'Every kind of message' : e.events.join(', ')}
                </p>
                {e.failing_since ? (
                  <p className="text-sm text-red-800">
                    Failing since {ago(e.failing_since)}
                    {e.status === 'active' ? ': after a day of failures it is paused.' : '. Fix the receiver, then resume.'}
                  </p>
                ) : null}
                {e.previous_secret_until ? (
                  <p className="text-sm text-ink/70">
                    The old secret signs too until {new Date(e.previous_secret_until).toLocaleString('en')}.
                  </p>
                ) : null}
              </div>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" size="sm" className="h-11" onClick={() => setLogOf(e)} aria-label={`Deliveries to ${e.url}`}>
                Deliveries
              </Button>
              <Button
                variant="outline"
                size="sm"
                className="h-11"
                disabled={busy !== null}
                onClick={() => void act(e, e.status === 'active' ? 'pause' : 'resume')}
                aria-label={`${e.status === 'active' ? 'Pause' : 'Resume'} ${e.url}`}
              >
                {e.status === 'active' ? 'Pause' : 'Resume'}
              </Button>
              <Button
                variant="outline"
                size="sm"
                className="h-11"
                disabled={busy !== null}
                onClick={() => void act(e, 'rotate')}
                aria-label={`Rotate secret of ${e.url}`}
              >
                Rotate secret
              </Button>
              <Button variant="outline" size="sm" className="h-11" onClick={() => setDeleting(e)} aria-label={`Delete ${e.url}`}>
                Delete
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {logOf ? <WebhookDeliveries endpoint={logOf} onClose={() => setLogOf(null)} /> : null}
      <AlertDialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        {deleting ? (
          <AlertDialogContent
            title="Delete this endpoint?"
            description={`Nothing more is sent to ${deleting.url}, and its delivery log is deleted. This cannot be undone.`}
            confirmLabel={busy ? 'Deleting…' : 'Delete'}
            busy={busy !== null}
            onConfirm={(ev) => {
              ev.preventDefault();
              void act(deleting, 'delete');
            }}
          />
        ) : null}
      </AlertDialog>
    </>
  );
}
