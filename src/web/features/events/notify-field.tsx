import { useEffect, useState } from 'react';
import type { NotifyRsvps } from '../../../common/constants.ts';
import type { TEventAdmin } from '../../../common/schemas/events.ts';
import { RadioGroup, type RadioOption } from '../../components/ui/radio-group.tsx';
import { toUserMessage } from '../../lib/user-message.ts';
import { usePatchEvent } from './api/patch-event.ts';

const OPTIONS: readonly RadioOption<NotifyRsvps>[] = [
  { value: 'off', label: 'Off', hint: 'No e-mails about answers' },
  { value: 'each', label: 'Each answer', hint: 'An e-mail soon after every new answer' },
  { value: 'digest', label: 'Daily digest', hint: "One e-mail a day with the day's answers" },
];

/**
 * New-answer e-mails to the owner and co-hosts (docs/product.md#rsvp-notifications): off, each answer,
 * or a daily digest. Saved as soon as it is chosen (like the co-host list); a new event starts with
 * Off and offers the choice once it exists.
 */
export function NotifyField({ event }: { event: TEventAdmin | null }) {
  if (!event) {
    return <p className="text-sm text-ink/70">You can choose e-mails about new answers once the event is created.</p>;
  }
  return <NotifyChoice event={event} />;
}

function NotifyChoice({ event }: { event: TEventAdmin }) {
  const save = usePatchEvent(event.id);
  const [value, setValue] = useState<NotifyRsvps>(event.notify_rsvps);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string>();
  useEffect(() => setValue(event.notify_rsvps), [event.notify_rsvps]);

  async function choose(next: NotifyRsvps) {
    const before = value;
    setValue(next);
    setError(undefined);
    setStatus('Saving…');
    try {
      await save.mutateAsync({ notify_rsvps: next });
      setStatus('Saved.');
    } catch (err) {
      setValue(before);
      setStatus('');
      setError(toUserMessage(err, 'Failed to save the setting.'));
    }
  }

  return (
    <div className="grid gap-1.5 border-t border-ink/10 pt-5">
      <RadioGroup
        legend="E-mail me about new answers"
        name={`notify-rsvps-${event.id}`}
        value={value}
        onValueChange={choose}
        options={OPTIONS}
        layout="grid"
        error={error}
        disabled={save.isPending}
      />
      <p className="text-xs text-ink/70" aria-live="polite">
        {status || 'Sent to you and the co-hosts. Saved as soon as you choose.'}
      </p>
    </div>
  );
}
