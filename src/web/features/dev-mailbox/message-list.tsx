import { Mail, MessageSquare, Paperclip } from 'lucide-react';
import type { TDevMailSummary } from '../../../common/schemas/dev-mailbox.ts';
import { cn } from '../../lib/cn.ts';
import { formatSentAt } from './format.ts';

type Props = { items: TDevMailSummary[]; selectedId: string | null; onSelect: (id: string) => void };

/** The mailbox's message list: newest first, one row per message. */
export function MessageList({ items, selectedId, onSelect }: Props) {
  return (
    <ul className="divide-y divide-ink/10" aria-label="Messages">
      {items.map((m) => {
        const selected = m.id === selectedId;
        const Icon = m.channel === 'email' ? Mail : MessageSquare;
        return (
          <li key={m.id}>
            <button
              type="button"
              onClick={() => onSelect(m.id)}
              aria-current={selected ? 'true' : undefined}
              className={cn(
                'flex w-full cursor-pointer gap-3 px-4 py-3 text-left transition-colors hover:bg-paper-soft',
                selected && 'bg-violet-50 hover:bg-violet-50',
              )}
            >
              <Icon className="mt-0.5 size-4 shrink-0 text-ink/60" aria-label={m.channel === 'email' ? 'E-mail' : 'SMS'} />
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline justify-between gap-2">
                  <span className="truncate text-sm font-medium">{m.to}</span>
                  <time className="shrink-0 text-xs text-ink/70" dateTime={m.sentAt}>
                    {formatSentAt(m.sentAt, { short: true })}
                  </time>
                </span>
                {m.subject !== null && <span className="block truncate text-sm">{m.subject || '(no subject)'}</span>}
                <span className="flex items-center gap-1 text-xs text-ink/70">
                  {m.attachmentCount > 0 && <Paperclip className="size-3 shrink-0" aria-label={`${m.attachmentCount} attachments`} />}
                  <span className="truncate">{m.preview}</span>
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
