import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ZOwnerSetup, ZSignIn } from '../../../common/schemas/auth.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Loading } from '../../components/ui/spinner.tsx';
import { ApiError, api } from '../../lib/api.ts';
import { sessionKey, signIn, useSession } from '../../lib/auth.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { notify } from '../../lib/toast.ts';

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
  const setup = useQuery({ queryKey: ['setup'], queryFn: () => api<{ needsOwner: boolean }>('/api/setup'), enabled: !isPending && !user });
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
      if (err instanceof ApiError && err.code === 'invalid_credentials') {
        notify.error('Invalid credentials', 'Please check your email and password and try again.');
      } else if (err instanceof ApiError && (err.fields?.email || err.fields?.password)) {
        setErrors({ email: err.fields.email, password: err.fields.password });
      } else if (err instanceof ApiError && err.status === 429) {
        notify.error('Sign in failed', err.message);
      } else {
        notify.error('Sign in failed', (err as Error).message);
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
      if (err instanceof ApiError && err.fields) setErrors(err.fields as Errors);
      else if (err instanceof ApiError && err.status === 409) {
        notify.info('Owner account exists', err.message);
        await qc.invalidateQueries({ queryKey: ['setup'] });
      } else notify.error('Could not create the account', (err as Error).message);
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
