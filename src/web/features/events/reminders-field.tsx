import { Bell, X } from 'lucide-react';
import { useId, useState } from 'react';
import { DEFAULT_REMINDER_MINUTES, MAX_REMINDERS } from '../../../common/constants.ts';
import type { TEventAdmin, TReminder } from '../../../common/schemas/events.ts';
import { Button } from '../../components/ui/button.tsx';
import { Select } from '../../components/ui/input.tsx';
import { formatLongDate, formatTime } from '../../lib/datetime.ts';
import { toUserMessage } from '../../lib/user-message.ts';
import { usePatchEvent } from './api/patch-event.ts';
import { REMINDER_PRESETS, reminderLabel, sentText } from './reminder-words.ts';

const defaults = DEFAULT_REMINDER_MINUTES.map(reminderLabel).join(' and ');

/**
 * The guests' reminders (docs/product.md#reminders): e-mail to everyone going or maybe, SMS to those going
 * with a phone. Each row says when it goes or what it did; added, changed and removed here, saved at once
 * (like the e-mails about new answers). A new event gets 1 day and 2 hours and offers the choice once it exists.
 */
export function RemindersField({ event }: { event: TEventAdmin | null }) {
  if (!event) {
    return (
      <p className="border-t border-ink/10 pt-5 text-sm text-ink/70">
        Guests get reminders {defaults}. You can change them once the event is created.
      </p>
    );
  }
  return <RemindersEditor event={event} />;
}

function statusText(r: TReminder, timeZone: string): string {
  if (r.status === 'sent') return sentText(r.emails, r.texts);
  if (r.status === 'skipped') return 'Not sent: its time had passed';
  return `Goes ${formatLongDate(r.due_at, timeZone)}, ${formatTime(r.due_at, timeZone)}`;
}

function RemindersEditor({ event }: { event: TEventAdmin }) {
  const save = usePatchEvent(event.id);
  const [reminders, setReminders] = useState<TReminder[]>(event.reminders);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string>();
  const headingId = useId();
  const addId = useId();
  const taken = new Set(reminders.map((r) => r.minutes_before));
  const free = REMINDER_PRESETS.filter((m) => !taken.has(m));
  const [adding, setAdding] = useState<number | ''>('');

  async function store(next: number[], done: string) {
    setError(undefined);
    setStatus('Saving…');
    try {
      const saved = await save.mutateAsync({ reminder_minutes: next });
      setReminders(saved.reminders);
      setStatus(done);
    } catch (err) {
      setStatus('');
      setError(toUserMessage(err, 'Failed to save the reminders.'));
    }
  }

  const minutes = reminders.map((r) => r.minutes_before);
  const pick = adding === '' ? free[free.length - 1] : adding;

  return (
    <section aria-labelledby={headingId} className="grid gap-3 border-t border-ink/10 pt-5">
      <div>
        <h3 id={headingId} className="flex items-center gap-2 font-semibold">
          <Bell className="size-4" aria-hidden="true" /> Reminders for guests
        </h3>
        <p className="text-sm text-ink/70">
          An e-mail to everyone going, with their ticket, and a text to those who gave a phone number. Guests who said maybe are asked to
          decide.
        </p>
      </div>
      {reminders.length ? (
        <ul className="grid gap-2">
          {reminders.map((r) => (
            <li key={r.minutes_before} className="flex items-center gap-3 rounded-lg border border-ink/15 px-3 py-2">
              <div className="grid min-w-0 flex-1 gap-1">
                {r.status === 'pending' ? (
                  // A pending reminder can move; one that is done stays as it was.
                  <Select
                    aria-label={`Change the reminder ${reminderLabel(r.minutes_before)}`}
                    value={r.minutes_before}
                    disabled={save.isPending}
                    className="max-w-64 font-medium"
                    onChange={(e) => {
                      const to = Number(e.target.value);
                      void store(
                        minutes.map((m) => (m === r.minutes_before ? to : m)),
                        `The reminder now goes ${reminderLabel(to)}.`,
                      );
                    }}
                  >
                    {[r.minutes_before, ...free]
                      .sort((a, b) => b - a)
                      .map((m) => (
                        <option key={m} value={m}>
                          {reminderLabel(m)}
                        </option>
                      ))}
                  </Select>
                ) : (
                  <p className="font-medium">{reminderLabel(r.minutes_before)}</p>
                )}
                <p className="text-sm text-ink/70">{statusText(r, event.timezone)}</p>
              </div>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Delete the reminder ${reminderLabel(r.minutes_before)}`}
                disabled={save.isPending}
                onClick={() =>
                  store(
                    minutes.filter((m) => m !== r.minutes_before),
                    `Deleted the reminder ${reminderLabel(r.minutes_before)}.`,
                  )
                }
              >
                <X />
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-lg bg-paper px-3 py-2 text-sm">No reminders: guests hear from you only when you message them.</p>
      )}
      {reminders.length < MAX_REMINDERS && pick !== undefined ? (
        <div className="flex flex-wrap items-end gap-2">
          <div className="grid min-w-48 flex-1 gap-1.5">
            <label htmlFor={addId} className="text-sm font-medium">
              Add a reminder
            </label>
            <Select id={addId} value={pick} onChange={(e) => setAdding(Number(e.target.value))} disabled={save.isPending}>
              {free.map((m) => (
                <option key={m} value={m}>
                  {reminderLabel(m)}
                </option>
              ))}
            </Select>
          </div>
          <Button
            variant="outline"
            disabled={save.isPending}
            onClick={async () => {
              await store([...minutes, pick], `Added the reminder ${reminderLabel(pick)}.`);
              setAdding('');
            }}
          >
            Add reminder
          </Button>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <p className="text-xs text-ink/70" aria-live="polite">
        {status || 'Saved as soon as you add, change or delete one. Times are in the event’s time zone.'}
      </p>
    </section>
  );
}
