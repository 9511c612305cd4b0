import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { weakPasswordReasons } from '../../../common/password-rules.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { resetPassword } from '../../features/accounts/account-api.ts';
import { NewPasswordField } from '../../features/accounts/password-reasons.tsx';
import { sessionKey } from '../../lib/auth.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { notify } from '../../lib/toast.ts';
import { fieldErrorsOf, toUserMessage } from '../../lib/user-message.ts';

/**
 * /auth/reset-password?token=… (docs/product.md#password-recovery): the new password of a recovery
 * link, with the reasons it is still weak shown as it is typed. Afterwards every session has ended.
 */
export function Component() {
  useDocumentTitle('Choose a new password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ newPassword?: string; token?: string }>({});
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const [reason] = weakPasswordReasons(password);
    if (reason) return setErrors({ newPassword: reason });
    setErrors({});
    setBusy(true);
    try {
      await resetPassword(token, password);
      qc.setQueryData(sessionKey, null);
      notify.success('Password changed', 'Sign in with your new password. Every other device was signed out.');
      navigate('/auth', { replace: true });
    } catch (err) {
      const fields = fieldErrorsOf(err);
      if (fields) setErrors(fields);
      else notify.error('Could not change the password', toUserMessage(err));
    } finally {
      setBusy(false);
    }
  }

  const linkProblem = !token ? 'This link is incomplete. Open the link from the e-mail again, or ask for a new one.' : errors.token;
  return (
    <main className="grid min-h-dvh place-items-center px-4 py-10">
      <div className="w-full max-w-sm">
        <p className="mb-6 text-center font-display text-3xl font-bold tracking-tight">Turnout</p>
        <Card className="p-6">
          {linkProblem ? (
            <div className="grid gap-3" role="alert">
              <h1 className="text-xl font-semibold">This link does not work</h1>
              <p className="text-sm text-ink/70">{linkProblem}</p>
              <Link to="/auth/forgot-password" className="text-sm underline underline-offset-4">
                Send a new link
              </Link>
            </div>
          ) : (
            <form onSubmit={onSubmit} noValidate className="grid gap-4">
              <h1 className="text-xl font-semibold">Choose a new password</h1>
              <NewPasswordField id="new-password-reasons" value={password} onChange={setPassword} error={errors.newPassword} autoFocus />
              <Button type="submit" size="lg" disabled={busy}>
                {busy ? 'Saving…' : 'Save the new password'}
              </Button>
            </form>
          )}
        </Card>
      </div>
    </main>
  );
}
