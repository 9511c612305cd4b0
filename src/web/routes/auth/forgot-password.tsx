import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { ZRequestPasswordReset } from '../../../common/schemas/auth.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field } from '../../components/ui/field.tsx';
import { EMAIL_INPUT, Input } from '../../components/ui/input.tsx';
import { requestPasswordReset } from '../../features/accounts/account-api.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { fieldErrorsOf, toUserMessage } from '../../lib/user-message.ts';

/**
 * /auth/forgot-password (docs/product.md#password-recovery): asks for the e-mail and always answers
 * the same, whether or not it has an account.
 */
export function Component() {
  useDocumentTitle('Reset your password');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string>();
  const [mailed, setMailed] = useState(true);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const parsed = ZRequestPasswordReset.safeParse({ email: new FormData(e.currentTarget).get('email') });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    setBusy(true);
    try {
      const answer = await requestPasswordReset(parsed.data.email);
      setMailed(answer.email_delivery === 'smtp');
      setSentTo(parsed.data.email);
    } catch (err) {
      setError(fieldErrorsOf(err)?.email ?? toUserMessage(err, 'Failed to send the link. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="grid min-h-dvh place-items-center px-4 py-10">
      <div className="w-full max-w-sm">
        <p className="mb-6 text-center font-display text-3xl font-bold tracking-tight">Turnout</p>
        <Card className="p-6">
          {sentTo ? (
            <div className="grid gap-3" role="status">
              <h1 className="text-xl font-semibold">{mailed ? 'Check your e-mail' : 'No e-mail is sent'}</h1>
              {mailed ? (
                <p className="text-sm text-ink/70">
                  If <strong className="text-ink">{sentTo}</strong> has a Turnout account, a link to choose a new password is on its way. It
                  works once, for 30 minutes.
                </p>
              ) : (
                <>
                  <p className="text-sm text-ink/70">
                    This site does not send e-mail yet: if <strong className="text-ink">{sentTo}</strong> has a Turnout account, its link to
                    choose a new password is in the dev mailbox, which only the owner account can read. Ask the owner for it. It works once,
                    for 30 minutes.
                  </p>
                  <p className="text-sm text-ink/70">
                    Are you the owner? Whoever runs the server can print a link for you there:{' '}
                    <code className="break-all rounded bg-ink/5 px-1 font-mono text-ink">
                      npm run user:reset-password -- --email {sentTo}
                    </code>
                  </p>
                </>
              )}
              <Link to="/auth" className="text-sm underline underline-offset-4">
                Back to sign in
              </Link>
            </div>
          ) : (
            <form onSubmit={onSubmit} noValidate className="grid gap-4">
              <div>
                <h1 className="text-xl font-semibold">Reset your password</h1>
                <p className="mt-1 text-sm text-ink/70">
                  Enter the e-mail you sign in with. We will send you a link to choose a new password.
                </p>
              </div>
              <Field label="Email" error={error}>
                <Input name="email" {...EMAIL_INPUT} autoComplete="email" required autoFocus />
              </Field>
              <Button type="submit" size="lg" disabled={busy}>
                {busy ? 'Sending…' : 'Send the link'}
              </Button>
              <Link to="/auth" className="justify-self-center text-sm text-ink/70 underline underline-offset-4 hover:text-ink">
                Back to sign in
              </Link>
            </form>
          )}
        </Card>
      </div>
    </main>
  );
}
