import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Download } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { buttonVariants } from '../../components/ui/button-variants.ts';
import { CopyButton } from '../../components/ui/copy-button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { api } from '../../lib/api.ts';
import { type SessionUser, sessionKey } from '../../lib/auth.ts';
import { notify } from '../../lib/toast.ts';
import { fieldErrorsOf, toUserMessage } from '../../lib/user-message.ts';

type Enrolment = { totpURI: string; backupCodes: string[]; qr: string };
type Step = { at: 'idle' } | { at: 'scan'; enrolment: Enrolment } | { at: 'codes'; codes: string[] };

/** The saved file's text: what the codes are for, then one code a line. */
const codesText = (email: string, codes: string[]) =>
  `Turnout backup codes for ${email}\nEach code signs you in once when your authenticator app is not at hand.\n\n${codes.join('\n')}\n`;

const post = <T,>(path: string, body: unknown) => api<T>(`/api/auth/two-factor${path}`, { method: 'POST', body });

/**
 * Two-factor sign-in on the account page (docs/product.md#two-factor-sign-in): turn on with the password,
 * scan the QR code, confirm one code, see the backup codes once; turn off with the password.
 */
export function TwoFactorCard({ user }: { user: SessionUser }) {
  const qc = useQueryClient();
  const [step, setStep] = useState<Step>({ at: 'idle' });
  const [error, setError] = useState<{ password?: string; code?: string }>({});
  const [busy, setBusy] = useState(false);

  async function attempt(fn: () => Promise<void>, field: 'password' | 'code', fallback: string) {
    setError({});
    setBusy(true);
    try {
      await fn();
    } catch (err) {
      const fields = fieldErrorsOf(err);
      setError({ [field]: fields?.password ?? fields?.code ?? toUserMessage(err, fallback) });
    } finally {
      setBusy(false);
    }
  }

  /** The form's password, or null (and the field's error) when it is empty. */
  function passwordOf(e: FormEvent<HTMLFormElement>): string | null {
    e.preventDefault();
    const password = String(new FormData(e.currentTarget).get('password') ?? '');
    if (!password) setError({ password: 'Please enter your password.' });
    return password || null;
  }

  function onStart(e: FormEvent<HTMLFormElement>) {
    const password = passwordOf(e);
    if (!password) return;
    return attempt(
      async () => {
        const answer = await post<{ totpURI: string; backupCodes: string[] }>('/enable', { password });
        const QR = await import('qrcode');
        const qr = await QR.toDataURL(answer.totpURI, { margin: 1, width: 200 });
        setStep({ at: 'scan', enrolment: { ...answer, qr } });
      },
      'password',
      'Could not start two-factor.',
    );
  }

  function onConfirm(e: FormEvent<HTMLFormElement>, enrolment: Enrolment) {
    e.preventDefault();
    const code = String(new FormData(e.currentTarget).get('code') ?? '').replace(/\s+/g, '');
    if (!/^\d{6}$/.test(code)) return setError({ code: 'Enter the 6 digits your authenticator app shows.' });
    return attempt(
      async () => {
        await post('/verify-totp', { code });
        setStep({ at: 'codes', codes: enrolment.backupCodes });
      },
      'code',
      'That code did not work. Try again.',
    );
  }

  function onDisable(e: FormEvent<HTMLFormElement>) {
    const password = passwordOf(e);
    if (!password) return;
    return attempt(
      async () => {
        await post('/disable', { password });
        await qc.invalidateQueries({ queryKey: sessionKey });
        notify.success('Two-factor sign-in is off');
      },
      'password',
      'Could not turn two-factor off.',
    );
  }

  if (step.at === 'scan') {
    const secret = new URL(step.enrolment.totpURI).searchParams.get('secret') ?? '';
    return (
      <form onSubmit={(e) => onConfirm(e, step.enrolment)} noValidate className="grid gap-3">
        <p className="text-sm">Scan this code with an authenticator app, then enter the 6 digits it shows.</p>
        <img
          src={step.enrolment.qr}
          alt="QR code for your authenticator app"
          width={200}
          height={200}
          className="rounded-lg border border-ink/10"
        />
        <p className="text-xs text-ink/70">
          Cannot scan? Enter this key: <code className="break-all font-mono text-ink">{secret}</code>
        </p>
        <Field label="Code from the app" error={error.code}>
          <Input name="code" autoComplete="one-time-code" inputMode="numeric" required autoFocus />
        </Field>
        <Button type="submit" className="justify-self-start" disabled={busy}>
          {busy ? 'Checking…' : 'Turn on'}
        </Button>
      </form>
    );
  }
  if (step.at === 'codes') {
    return (
      <div className="grid gap-3" role="status">
        <p className="text-sm font-medium">
          Two-factor sign-in is on. Save these backup codes now: they are shown only once, and each works once.
        </p>
        <ul className="grid grid-cols-2 gap-1 rounded-lg bg-ink/5 p-3 font-mono text-base tracking-wide" aria-label="Backup codes">
          {step.codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-2">
          <CopyButton text={codesText(user.email, step.codes)} label="Copy codes" srLabel="Copy the backup codes" />
          <a
            href={`data:text/plain;charset=utf-8,${encodeURIComponent(codesText(user.email, step.codes))}`}
            download="turnout-backup-codes.txt"
            className={buttonVariants({ variant: 'outline', size: 'sm', className: 'h-11' })}
          >
            <Download aria-hidden="true" />
            Download .txt
          </a>
        </div>
        <Button
          variant="outline"
          className="justify-self-start"
          onClick={async () => {
            setStep({ at: 'idle' });
            await qc.invalidateQueries({ queryKey: sessionKey });
          }}
        >
          I saved them
        </Button>
      </div>
    );
  }
  const on = Boolean(user.twoFactorEnabled);
  return (
    <form onSubmit={on ? onDisable : onStart} noValidate className="grid gap-3">
      <p className="text-sm text-ink/70">
        {on
          ? 'On: signing in asks for a code from your authenticator app (or a backup code).'
          : 'Off. Turn it on to ask for a code from an authenticator app after your password.'}
      </p>
      <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
        <Field label="Your password" error={error.password}>
          <Input name="password" type="password" autoComplete="current-password" required />
        </Field>
        <Button type="submit" variant="outline" disabled={busy}>
          {busy ? 'Working…' : on ? 'Turn off' : 'Set up two-factor'}
        </Button>
      </div>
    </form>
  );
}
