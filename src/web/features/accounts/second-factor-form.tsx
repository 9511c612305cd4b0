import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { sessionKey, verifySecondFactor } from '../../lib/auth.ts';
import { notify } from '../../lib/toast.ts';
import { fieldErrorsOf, toUserMessage } from '../../lib/user-message.ts';

/** The sign-in's second step when two-factor is on: a 6-digit code, or a backup code (docs/product.md#two-factor-sign-in). */
export function SecondFactorForm({ onCancel }: { onCancel: () => void }) {
  const qc = useQueryClient();
  const [backup, setBackup] = useState(false);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const code = String(data.get('code') ?? '').replace(/\s+/g, '');
    if (!backup && !/^\d{6}$/.test(code)) return setError('Enter the 6 digits your authenticator app shows.');
    if (backup && !code) return setError('Enter one of your backup codes.');
    setError(undefined);
    setBusy(true);
    try {
      await verifySecondFactor(backup ? 'backup-code' : 'totp', code, data.get('trustDevice') === 'on');
      notify.success('Welcome back!', 'You have been signed in successfully.');
      await qc.invalidateQueries({ queryKey: sessionKey });
    } catch (err) {
      setError(fieldErrorsOf(err)?.code ?? toUserMessage(err, 'That code did not work. Try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div>
        <h1 className="text-xl font-semibold">Two-factor sign-in</h1>
        <p className="mt-1 text-sm text-ink/70">
          {backup ? 'Enter one of the backup codes you saved. Each works once.' : 'Enter the 6-digit code from your authenticator app.'}
        </p>
      </div>
      <Field label={backup ? 'Backup code' : 'Authentication code'} error={error}>
        <Input
          key={backup ? 'backup' : 'totp'}
          name="code"
          autoComplete="one-time-code"
          inputMode={backup ? 'text' : 'numeric'}
          autoCapitalize="none"
          spellCheck={false}
          required
          autoFocus
        />
      </Field>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="trustDevice" className="size-4" />
        Trust this device for 30 days
      </label>
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? 'Checking…' : 'Verify'}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          className="tap-target underline underline-offset-4"
          onClick={() => {
            setBackup(!backup);
            setError(undefined);
          }}
        >
          {backup ? 'Use the authenticator app' : 'Use a backup code'}
        </button>
        <button type="button" className="tap-target text-ink/70 underline underline-offset-4" onClick={onCancel}>
          Back
        </button>
      </div>
    </form>
  );
}
