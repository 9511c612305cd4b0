import { BellOff } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { STOP_REMINDERS_PARAM } from '../../../common/hrefs.ts';
import type { TManagedRsvp } from '../../../common/schemas/rsvps.ts';
import { Switch } from '../../components/ui/switch.tsx';
import { toUserMessage } from '../../lib/user-message.ts';
import { useSetReminders } from './api/change-managed-rsvp.ts';

/** Opened from a reminder's "Stop reminders for this event" link (common/hrefs.ts). */
const asked = () => new URLSearchParams(window.location.search).get(STOP_REMINDERS_PARAM) === 'off';

/**
 * The guest's reminders for this event (docs/product.md#reminders): a switch, saved at once. Reached from a
 * reminder's "Stop reminders" link (?reminders=off), it opens as that question, in view, with its button focused.
 */
export function ManageReminders({ rsvp, secret }: { rsvp: TManagedRsvp & { reminders: 'on' | 'off' }; secret: string }) {
  const save = useSetReminders(secret);
  const id = useId();
  const [fromLink] = useState(asked);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const stopRef = useRef<HTMLButtonElement>(null);
  const on = rsvp.reminders === 'on';
  const [refocus, setRefocus] = useState(false);

  // The question's button is gone with the question: carry on from the switch that replaced it, once it is there and enabled.
  useEffect(() => {
    // By id: the Switch wrapper does not pass a ref on to its button.
    const target = document.getElementById(`${id}-switch`);
    if (!refocus || !target || save.isPending) return;
    target.focus();
    setRefocus(false);
  });

  useEffect(() => {
    if (!fromLink || !stopRef.current) return;
    stopRef.current.scrollIntoView({ block: 'center' });
    stopRef.current.focus({ preventScroll: true });
  }, [fromLink]);

  async function choose(next: boolean) {
    setError(undefined);
    try {
      const fromPrompt = fromLink && on;
      await save.mutateAsync(next ? 'on' : 'off');
      setNote(next ? 'Reminders are on.' : 'Reminders are off: you will get no more for this event.');
      if (fromPrompt) setRefocus(true);
    } catch (err) {
      setError(toUserMessage(err, 'Failed to save the setting.'));
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-3 border-t border-ink/10 pt-5">
      {fromLink && on ? (
        <div className="grid gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <h2 id={`${id}-heading`} className="font-semibold">
            Stop reminders for this event?
          </h2>
          <p className="text-sm">Your answer stays as it is; you will get no more reminders before {rsvp.event.title}.</p>
          <button
            ref={stopRef}
            type="button"
            disabled={save.isPending}
            onClick={() => choose(false)}
            className="inline-flex min-h-12 cursor-pointer items-center justify-center gap-2 justify-self-start rounded-lg bg-ink px-5 font-semibold text-paper hover:bg-ink/90 disabled:opacity-50 [&_svg]:size-4"
          >
            <BellOff aria-hidden="true" /> Stop reminders
          </button>
        </div>
      ) : (
        <div className="flex items-center justify-between gap-4">
          <div className="min-w-0">
            <h2 id={`${id}-heading`} className="font-semibold">
              <label htmlFor={`${id}-switch`}>Reminders before the event</label>
            </h2>
            <p id={`${id}-hint`} className="text-sm text-ink/75">
              An e-mail (and a text, if you gave your phone) from the host shortly before it starts.
            </p>
          </div>
          <Switch id={`${id}-switch`} checked={on} onCheckedChange={choose} disabled={save.isPending} aria-describedby={`${id}-hint`} />
        </div>
      )}
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <p role="status" aria-live="polite" className="text-sm font-medium text-green-900">
        {note}
      </p>
    </section>
  );
}
