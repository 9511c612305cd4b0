import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { EMBED_ORIGINS_MAX, embedOrigin, type TEventAdmin } from '../../../common/schemas/events.ts';
import { Button } from '../../components/ui/button.tsx';
import { CopyButton } from '../../components/ui/copy-button.tsx';
import { FieldError } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { notify } from '../../lib/toast.ts';
import { fieldErrorsOf, toUserMessage } from '../../lib/user-message.ts';
import { usePatchEvent } from './api/patch-event.ts';

/**
 * The share dialog's "Embed on your website" (docs/product.md#embedding): the sites whose pages may show the
 * RSVP form in a frame (saved as they change), and the snippet to paste there.
 */
export function EmbedSection({ event }: { event: TEventAdmin }) {
  const patch = usePatchEvent(event.id);
  const [origins, setOrigins] = useState(event.embed_origins);
  const [site, setSite] = useState('');
  const [error, setError] = useState<string | undefined>();
  const siteId = useId();
  const snippetId = useId();
  // By id: a changed slug would break every copy of the snippet on the host's pages.
  const snippet = `<script src="${window.location.origin}/embed.js" data-turnout-event="${event.id}" async></script>`;

  async function save(next: string[], done: string) {
    setError(undefined);
    try {
      const saved = await patch.mutateAsync({ embed_origins: next });
      setOrigins(saved.embed_origins);
      notify.success(done);
      return true;
    } catch (err) {
      const fields = fieldErrorsOf(err);
      const message = fields && Object.entries(fields).find(([k]) => k.startsWith('embed_origins'))?.[1];
      if (message) setError(message);
      else notify.error('The sites were not saved', toUserMessage(err));
      return false;
    }
  }

  async function add(e: React.FormEvent) {
    e.preventDefault();
    const origin = embedOrigin(site);
    if (!origin) return setError('Give the site as https://example.com (http only for localhost).');
    if (origins.includes(origin)) return setError('That site is already listed.');
    if (await save([...origins, origin], `${origin} may embed the form`)) setSite('');
  }

  return (
    <section className="grid gap-3 border-t border-ink/10 pt-4" aria-labelledby={`${siteId}-title`}>
      <h3 id={`${siteId}-title`} className="font-medium">
        Embed on your website
      </h3>
      <p className="text-sm text-ink/70">
        Your site shows the RSVP form and its confirmation, sized to fit.
        {event.is_paid_event ? ' A paid event shows a Get tickets button that opens the event page.' : ''} Only the sites listed here may
        show it.
      </p>
      {origins.length ? (
        <ul className="grid gap-2" aria-label="Sites that may embed the form">
          {origins.map((o) => (
            <li key={o} className="flex items-center gap-2 rounded-lg border border-ink/10 py-1 pr-1 pl-3 text-sm">
              <span className="min-w-0 flex-1 break-all">{o}</span>
              <Button
                variant="ghost"
                size="sm"
                className="size-11"
                aria-label={`Remove ${o}`}
                disabled={patch.isPending}
                onClick={() =>
                  save(
                    origins.filter((x) => x !== o),
                    `${o} no longer embeds the form`,
                  )
                }
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-ink/70">No site may embed the form yet.</p>
      )}
      {origins.length < EMBED_ORIGINS_MAX ? (
        <form className="grid gap-1.5" onSubmit={add} noValidate>
          <label htmlFor={siteId} className="text-sm font-medium">
            Add a site
          </label>
          <div className="flex gap-2">
            <Input
              id={siteId}
              value={site}
              onChange={(e) => setSite(e.target.value)}
              placeholder="https://example.com"
              inputMode="url"
              autoCapitalize="none"
              spellCheck={false}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${siteId}-error` : undefined}
              className="min-w-0 flex-1"
            />
            <Button type="submit" variant="outline" className="h-11 shrink-0" disabled={patch.isPending}>
              Add
            </Button>
          </div>
          <FieldError id={siteId} error={error} />
        </form>
      ) : null}
      <div className="grid gap-1.5">
        <label htmlFor={snippetId} className="text-sm font-medium">
          Paste this where the form should appear
        </label>
        <div className="flex gap-2">
          <textarea
            id={snippetId}
            readOnly
            value={snippet}
            rows={3}
            onFocus={(e) => e.currentTarget.select()}
            className="min-w-0 flex-1 rounded-lg border border-ink/20 bg-paper-soft p-2 font-mono text-xs"
          />
          <CopyButton text={snippet} srLabel="Copy the embed code" />
        </div>
      </div>
    </section>
  );
}
