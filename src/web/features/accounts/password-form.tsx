import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { weakPasswordReasons } from '../../../common/password-rules.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { sessionKey } from '../../lib/auth.ts';
import { notify } from '../../lib/toast.ts';
import { fieldErrorsOf, toUserMessage } from '../../lib/user-message.ts';
import { changePassword, sessionsKey } from './account-api.ts';
import { NewPasswordField } from './password-reasons.tsx';

type Errors = { currentPassword?: string; newPassword?: string };

/** A new password, given the current one; optionally every other device is signed out (docs/product.md#account). */
export function PasswordForm({ email }: { email: string }) {
  const qc = useQueryClient();
  const [next, setNext] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const current = String(data.get('currentPassword') ?? '');
    const found: Errors = {};
    if (!current) found.currentPassword = 'Please enter your current password.';
    const [reason] = weakPasswordReasons(next, email);
    if (reason) found.newPassword = reason;
    if (found.currentPassword || found.newPassword) return setErrors(found);
    setErrors({});
    setBusy(true);
    try {
      await changePassword(current, next, data.get('revokeOthers') === 'on');
      form.reset();
      setNext('');
      await Promise.all([qc.invalidateQueries({ queryKey: sessionKey }), qc.invalidateQueries({ queryKey: sessionsKey })]);
      notify.success('Password changed');
    } catch (err) {
      const fields = fieldErrorsOf(err);
      if (fields) setErrors(fields);
      else notify.error('Could not change the password', toUserMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3">
      <Field label="Current password" error={errors.currentPassword}>
        <Input name="currentPassword" type="password" autoComplete="current-password" required />
      </Field>
      <NewPasswordField id="account-password-reasons" value={next} onChange={setNext} error={errors.newPassword} email={email} />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="revokeOthers" defaultChecked className="size-4" />
        Sign out every other device
      </label>
      <Button type="submit" variant="outline" className="justify-self-start" disabled={busy}>
        {busy ? 'Saving…' : 'Change password'}
      </Button>
    </form>
  );
}
