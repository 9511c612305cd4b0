import { CheckCircle2 } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { MSG } from '../../../common/messages.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input, PHONE_INPUT } from '../../components/ui/input.tsx';
import { RadioGroup } from '../../components/ui/radio-group.tsx';
import { fieldErrorsOf, toUserMessage } from '../../lib/user-message.ts';
import { notify } from '../../lib/toast.ts';
import { type LegacyRsvpInput, useLegacyRsvp } from './api/legacy-rsvp.ts';

/** A phone number that already answered: the form changes nothing and shows nothing of that answer. */
export const LEGACY_ALREADY_ANSWERED =
  'This phone number has already answered, so nothing was changed. Ask the host if your plans have changed.';

export type LegacyRsvpDialogProps = { eventId: string; eventTitle: string; open: boolean; onOpenChange: (open: boolean) => void };

type Errors = Partial<Record<'preferred_name' | 'phone', string>>;

/**
 * The legacy form (docs/product.md#sample-event): both fields required (trimmed); the server's schema checks the
 * phone's digits. Hand-written: no zod here.
 */
export function validateLegacyRsvp(v: { preferred_name: string; phone: string }): Errors {
  const errors: Errors = {};
  if (!v.preferred_name.trim()) errors.preferred_name = MSG.preferredNameRequired;
  if (!v.phone.trim()) errors.phone = MSG.phoneRequired;
  return errors;
}

/**
 * The sample landing page's RSVP modal (docs/product.md#sample-event): form → 'Thank You!' with Close. Outside click,
 * Escape, Close and Cancel close it; page scroll is locked while it is open (Radix Dialog).
 */
export function LegacyRsvpDialog({ eventId, eventTitle, open, onOpenChange }: LegacyRsvpDialogProps) {
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [answer, setAnswer] = useState<'yes' | 'no'>('yes');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  // 'known': this phone number had already answered; nothing changed (docs/product.md#sample-event).
  const [done, setDone] = useState<false | 'saved' | 'known'>(false);
  const submit = useLegacyRsvp(eventId);
  const nameRef = useRef<HTMLInputElement>(null);
  const phoneRef = useRef<HTMLInputElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const formId = useId();

  // Each opening starts from the form again once a response went through.
  useEffect(() => {
    if (!open && done) {
      setDone(false);
      setName('');
      setPhone('');
      setAnswer('yes');
    }
    if (!open) {
      setErrors({});
      setFailure(null);
    }
  }, [open, done]);

  useEffect(() => {
    if (done) closeRef.current?.focus();
  }, [done]);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const input: LegacyRsvpInput = { preferred_name: name.trim(), phone: phone.trim(), rsvp: answer === 'yes' };
    const found = validateLegacyRsvp(input);
    setErrors(found);
    setFailure(null);
    if (found.preferred_name) return nameRef.current?.focus();
    if (found.phone) return phoneRef.current?.focus();
    try {
      const res = await submit.mutateAsync(input);
      if (res.already_answered) return setDone('known');
      notify.success(MSG.legacySubmitted, MSG.legacySubmittedText);
      setDone('saved');
    } catch (err) {
      const fields = fieldErrorsOf(err);
      if (fields) setErrors({ preferred_name: fields.preferred_name, phone: fields.phone });
      const message = toUserMessage(err, MSG.submitFailed);
      setFailure(message);
      notify.error(MSG.submissionFailed, message);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={done ? 'Thank You!' : 'RSVP'}
        description={done ? undefined : eventTitle}
        onOpenAutoFocus={(e) => {
          if (window.matchMedia('(pointer: fine)').matches) {
            e.preventDefault();
            nameRef.current?.focus();
          }
        }}
      >
        {done ? (
          <div className="grid justify-items-center gap-3 py-2 text-center" role="status" aria-live="polite">
            <CheckCircle2 className="size-12 text-success" aria-hidden="true" />
            <p className="text-lg">
              {done === 'known'
                ? LEGACY_ALREADY_ANSWERED
                : answer === 'yes'
                  ? 'We have your RSVP. See you there!'
                  : 'Thanks for letting us know. We will miss you!'}
            </p>
            <DialogClose asChild>
              <Button ref={closeRef} className="mt-2 w-full sm:w-auto" size="lg">
                Close
              </Button>
            </DialogClose>
          </div>
        ) : (
          <form id={formId} onSubmit={onSubmit} noValidate className="grid gap-4">
            <Field label="Preferred name" error={errors.preferred_name}>
              <Input ref={nameRef} name="preferred_name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
            </Field>
            <Field label="Phone" error={errors.phone}>
              <Input ref={phoneRef} name="phone" {...PHONE_INPUT} value={phone} onChange={(e) => setPhone(e.target.value)} />
            </Field>
            <RadioGroup
              legend="Will you attend?"
              name="rsvp"
              value={answer}
              onValueChange={setAnswer}
              options={[
                { value: 'yes', label: 'Yes' },
                { value: 'no', label: 'No' },
              ]}
            />
            <div aria-live="polite">
              {failure ? (
                <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-danger" role="alert">
                  {failure}
                </p>
              ) : null}
            </div>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <DialogClose asChild>
                <Button variant="outline" size="lg">
                  Cancel
                </Button>
              </DialogClose>
              <Button type="submit" size="lg" disabled={submit.isPending} aria-busy={submit.isPending || undefined}>
                {submit.isPending ? 'Sending…' : 'Submit RSVP'}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
