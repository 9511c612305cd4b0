import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { EMAIL_INPUT, Input } from '../../components/ui/input.tsx';
import { notify } from '../../lib/toast.ts';
import { fieldErrorsOf, toUserMessage } from '../../lib/user-message.ts';
import { useInviteHost } from './people-api.ts';

/** Invite a host by e-mail: a sign-up link for that address only, sent through the outbox. */
export function InviteHostForm() {
  const invite = useInviteHost();
  const [error, setError] = useState<string | undefined>();

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const email = String(new FormData(form).get('email') ?? '').trim();
    if (!email) return setError('Enter the e-mail address to invite.');
    setError(undefined);
    try {
      await invite.mutateAsync(email);
      form.reset();
      notify.success('Invitation sent', `${email} can create an account with the link in the e-mail.`);
    } catch (err) {
      const fields = fieldErrorsOf(err);
      if (fields?.email) setError(fields.email);
      else notify.error('Could not send the invitation', toUserMessage(err));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <Field label="Invite a host" hint="They get a link to create an account and run their own events." error={error} className="flex-1">
        <Input name="email" placeholder="name@example.com" autoComplete="off" {...EMAIL_INPUT} />
      </Field>
      <Button type="submit" disabled={invite.isPending} className="sm:mt-6.5">
        {invite.isPending ? 'Sending...' : 'Send invitation'}
      </Button>
    </form>
  );
}
