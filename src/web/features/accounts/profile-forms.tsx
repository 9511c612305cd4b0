import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ZEmail } from '../../../common/schemas/email.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { EMAIL_INPUT, Input } from '../../components/ui/input.tsx';
import { type SessionUser, sessionKey } from '../../lib/auth.ts';
import { notify } from '../../lib/toast.ts';
import { fieldErrorsOf, toUserMessage } from '../../lib/user-message.ts';
import { changeEmail, updateName } from './account-api.ts';

/** Changes the account's display name (docs/product.md#account). */
export function NameForm({ user }: { user: SessionUser }) {
  const qc = useQueryClient();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const name = String(new FormData(e.currentTarget).get('name') ?? '').trim();
    if (!name) return setError('Please enter a name.');
    setError(undefined);
    setBusy(true);
    try {
      await updateName(name);
      await qc.invalidateQueries({ queryKey: sessionKey });
      notify.success('Name saved');
    } catch (err) {
      setError(fieldErrorsOf(err)?.name ?? toUserMessage(err, 'Failed to save the name.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
      <Field label="Name" error={error}>
        <Input name="name" defaultValue={user.name} autoComplete="name" maxLength={100} required />
      </Field>
      <Button type="submit" variant="outline" disabled={busy}>
        {busy ? 'Saving…' : 'Save name'}
      </Button>
    </form>
  );
}

/** Asks for a new sign-in e-mail: a link goes to it, and the address changes once it is opened. */
export function EmailForm({ user }: { user: SessionUser }) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<string>();

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const parsed = ZEmail.safeParse(new FormData(e.currentTarget).get('newEmail'));
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    if (parsed.data === user.email) return setError('This is already your e-mail address.');
    setError(undefined);
    setBusy(true);
    try {
      await changeEmail(parsed.data);
      setPending(parsed.data);
    } catch (err) {
      setError(fieldErrorsOf(err)?.newEmail ?? toUserMessage(err, 'Failed to send the confirmation link.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3">
      <p className="text-sm text-ink/70">
        You sign in with <strong className="text-ink">{user.email}</strong>.
      </p>
      <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
        <Field label="New e-mail" error={error}>
          <Input name="newEmail" {...EMAIL_INPUT} autoComplete="email" required />
        </Field>
        <Button type="submit" variant="outline" disabled={busy}>
          {busy ? 'Sending…' : 'Change e-mail'}
        </Button>
      </div>
      {pending ? (
        <p role="status" className="rounded-lg bg-ink/5 p-3 text-sm">
          We sent a link to <strong>{pending}</strong>. Your e-mail changes when you open it; until then you keep signing in with{' '}
          {user.email}.
        </p>
      ) : null}
    </form>
  );
}
