import { Download, Paperclip } from 'lucide-react';
import { useState } from 'react';
import type { TDevMailMessage } from '../../../common/schemas/dev-mailbox.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Loading } from '../../components/ui/spinner.tsx';
import { LoadFailed, NotFound } from '../../components/page-states.tsx';
import { cn } from '../../lib/cn.ts';
import { errorCode } from '../../lib/error-code.ts';
import { toUserMessage } from '../../lib/user-message.ts';
import { attachmentUrl, useDevMail } from './api.ts';
import { emailDocument, formatSentAt, formatSize } from './format.ts';

/** One message: an e-mail's HTML in a sandboxed iframe (or its text), or an SMS body. */
export function ReadingPane({ id }: { id: string }) {
  const { data: m, isPending, error, refetch, isFetching } = useDevMail(id);
  if (isPending) return <Loading text="Loading message..." />;
  if (errorCode(error) === 'not_found') return <NotFound layout="panel" title="Message not found" message={toUserMessage(error)} />;
  if (error) {
    return (
      <LoadFailed
        layout="panel"
        title="The message could not be loaded."
        message={toUserMessage(error)}
        onRetry={refetch}
        retrying={isFetching}
      />
    );
  }
  return (
    <article className="flex min-h-0 flex-1 flex-col" aria-labelledby="dev-mail-subject">
      <header className="border-b border-ink/10 px-4 py-4 sm:px-6">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={m.channel === 'email' ? 'accent' : 'neutral'}>{m.channel === 'email' ? 'E-mail' : 'SMS'}</Badge>
          <time className="text-sm text-ink/70" dateTime={m.sentAt}>
            {formatSentAt(m.sentAt)}
          </time>
        </div>
        <h2 id="dev-mail-subject" className="mt-2 break-words text-lg font-semibold">
          {m.channel === 'email' ? m.subject || '(no subject)' : `SMS to ${m.to}`}
        </h2>
        <p className="mt-1 break-all text-sm text-ink/70">To: {m.to}</p>
        <p className="mt-1 break-all text-xs text-ink/70">Key: {m.idempotencyKey}</p>
      </header>
      {m.channel === 'email' ? <EmailBody message={m} /> : <SmsBody text={m.text} />}
    </article>
  );
}

function EmailBody({ message: m }: { message: TDevMailMessage }) {
  const [view, setView] = useState<'html' | 'text'>(m.html ? 'html' : 'text');
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {m.html && (
        <fieldset className="flex gap-1 px-4 pt-3 sm:px-6">
          <legend className="sr-only">Show as</legend>
          {(['html', 'text'] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              onClick={() => setView(v)}
              className={cn(
                'min-h-9 cursor-pointer rounded-lg px-3 text-sm font-medium',
                view === v ? 'bg-ink text-paper' : 'text-ink/70 hover:bg-ink/5',
              )}
            >
              {v === 'html' ? 'HTML' : 'Plain text'}
            </button>
          ))}
        </fieldset>
      )}
      <div className="min-h-0 flex-1 p-4 sm:px-6">
        {view === 'html' && m.html ? (
          <iframe
            title={`E-mail: ${m.subject}`}
            sandbox="allow-popups allow-popups-to-escape-sandbox"
            referrerPolicy="no-referrer"
            srcDoc={emailDocument(m.html)}
            className="h-[60vh] w-full rounded-xl border border-ink/10 bg-white md:h-full md:min-h-[28rem]"
          />
        ) : (
          <pre className="whitespace-pre-wrap break-words rounded-xl border border-ink/10 bg-white p-4 font-sans text-sm">{m.text}</pre>
        )}
      </div>
      {m.attachments.length > 0 && (
        <section className="border-t border-ink/10 px-4 py-3 sm:px-6" aria-label="Attachments">
          <h3 className="flex items-center gap-1 text-sm font-medium">
            <Paperclip className="size-4" aria-hidden="true" /> Attachments ({m.attachments.length})
          </h3>
          <ul className="mt-2 flex flex-wrap gap-2">
            {m.attachments.map((a) => (
              <li key={a.index}>
                <a
                  href={attachmentUrl(m.id, a.index)}
                  download={a.filename}
                  className="inline-flex min-h-9 max-w-full items-center gap-2 rounded-lg border border-ink/15 bg-white px-3 text-sm hover:bg-paper-soft"
                >
                  <Download className="size-4 shrink-0" aria-hidden="true" />
                  <span className="truncate">{a.filename}</span>
                  <span className="shrink-0 text-xs text-ink/70">
                    {formatSize(a.size)}
                    {a.cid ? ' · inline' : ''}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function SmsBody({ text }: { text: string }) {
  return (
    <div className="p-4 sm:px-6">
      <p className="max-w-sm whitespace-pre-wrap break-words rounded-2xl rounded-bl-sm bg-ink/10 px-4 py-3 text-sm">{text}</p>
      <p className="mt-2 text-xs text-ink/70">{text.length} characters</p>
    </div>
  );
}
