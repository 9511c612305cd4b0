import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ZOwnerSetup, ZSignIn } from '../../../common/schemas/auth.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Loading } from '../../components/ui/spinner.tsx';
import { api } from '../../lib/api.ts';
import { sessionKey, setupKey, setupQuery, signIn, useSession } from '../../lib/auth.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { notify } from '../../lib/toast.ts';
import { errorCode } from '../../lib/error-code.ts';
import { fieldErrorsOf, toUserMessage } from '../../lib/user-message.ts';

type Errors = Partial<Record<'email' | 'password', string>>;

function errorsOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }): Errors {
  const out: Errors = {};
  for (const i of result.error?.issues ?? []) {
    const k = i.path[0] as keyof Errors;
    out[k] ??= i.message;
  }
  return out;
}

export function Component() {
  const { data: user, isPending } = useSession();
  const setup = useQuery({ ...setupQuery(), enabled: !isPending && !user });
  const navigate = useNavigate();

  useEffect(() => {
    if (user) {
      const t = setTimeout(() => navigate('/', { replace: true }), 400);
      return () => clearTimeout(t);
    }
  }, [user, navigate]);

  useDocumentTitle(setup.data?.needsOwner ? 'Create the owner account' : 'Sign In');
  if (isPending) return <Loading />;
  if (user) return <Loading text="Redirecting to dashboard..." />;
  if (setup.isPending) return <Loading />;

  return (
    <main className="grid min-h-dvh place-items-center px-4 py-10">
      <div className="w-full max-w-sm">
        <p className="mb-6 text-center font-display text-3xl font-bold tracking-tight">Turnout</p>
        <Card className="p-6">{setup.data?.needsOwner ? <OwnerSetupForm /> : <SignInForm />}</Card>
      </div>
    </main>
  );
}

function SignInForm() {
  const qc = useQueryClient();
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const parsed = ZSignIn.safeParse({ email: form.get('email'), password: form.get('password') });
    if (!parsed.success) return setErrors(errorsOf(parsed));
    setErrors({});
    setBusy(true);
    try {
      await signIn(parsed.data.email, parsed.data.password);
      notify.success('Welcome back!', 'You have been signed in successfully.');
      await qc.invalidateQueries({ queryKey: sessionKey });
    } catch (err) {
      const fields = fieldErrorsOf(err);
      if (errorCode(err) === 'invalid_credentials') {
        notify.error('Invalid credentials', 'Please check your email and password and try again.');
      } else if (fields?.email || fields?.password) {
        setErrors({ email: fields.email, password: fields.password });
      } else {
        notify.error('Sign in failed', toUserMessage(err));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <h1 className="text-xl font-semibold">Sign In</h1>
      <Field label="Email" error={errors.email}>
        <Input name="email" type="email" autoComplete="email" inputMode="email" required autoFocus />
      </Field>
      <Field label="Password" error={errors.password}>
        <Input name="password" type="password" autoComplete="current-password" required />
      </Field>
      <Button type="submit" disabled={busy} size="lg">
        {busy ? 'Signing in…' : 'Sign In'}
      </Button>
    </form>
  );
}

function OwnerSetupForm() {
  const qc = useQueryClient();
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const parsed = ZOwnerSetup.safeParse({ email: form.get('email'), password: form.get('password') });
    if (!parsed.success) return setErrors(errorsOf(parsed));
    setErrors({});
    setBusy(true);
    try {
      await api('/api/setup/owner', { method: 'POST', body: parsed.data });
      notify.success('Owner account created', 'You are signed in.');
      await qc.invalidateQueries({ queryKey: sessionKey });
    } catch (err) {
      const fields = fieldErrorsOf(err);
      if (fields) setErrors(fields as Errors);
      else if (errorCode(err) === 'conflict') {
        notify.info('Owner account exists', toUserMessage(err));
        await qc.invalidateQueries({ queryKey: setupKey });
      } else notify.error('Could not create the account', toUserMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div>
        <h1 className="text-xl font-semibold">Create the owner account</h1>
        <p className="mt-1 text-sm text-ink/70">This is a new Turnout. The first account owns it; afterwards this page only signs in.</p>
      </div>
      <Field label="Email" error={errors.email}>
        <Input name="email" type="email" autoComplete="email" inputMode="email" required autoFocus />
      </Field>
      <Field label="Password" error={errors.password} hint="At least 8 characters">
        <Input name="password" type="password" autoComplete="new-password" required minLength={8} />
      </Field>
      <Button type="submit" disabled={busy} size="lg">
        {busy ? 'Creating…' : 'Create account'}
      </Button>
    </form>
  );
}
