import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { DISPLAY_NAME_MAX } from '../../../common/constants.ts';
import { ZOwnerSetup, ZSignIn } from '../../../common/schemas/auth.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field } from '../../components/ui/field.tsx';
import { EMAIL_INPUT, Input } from '../../components/ui/input.tsx';
import { Loading } from '../../components/ui/spinner.tsx';
import { api } from '../../lib/api.ts';
import { sessionKey, setupKey, setupQuery, signIn, useSession } from '../../lib/auth.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { notify } from '../../lib/toast.ts';
import { errorCode } from '../../lib/error-code.ts';
import { SecondFactorForm } from '../../features/accounts/second-factor-form.tsx';
import { PasswordReasons } from '../../features/accounts/password-reasons.tsx';
import { safeNext } from '../../lib/session-sync.ts';
import { fieldErrorsOf, toUserMessage } from '../../lib/user-message.ts';

type Errors = Partial<Record<'name' | 'email' | 'password', string>>;

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
  const next = safeNext(useLocation().search);

  useEffect(() => {
    if (user) {
      // Back to where the session was lost (docs/product.md#sessions), else the dashboard.
      const t = setTimeout(() => navigate(next, { replace: true }), 400);
      return () => clearTimeout(t);
    }
  }, [user, navigate, next]);

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

type Credentials = { email: string; password: string; name?: string };
type ParseResult = { success: true; data: Credentials } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };

/**
 * E-mail and password (and, for a new account, the name), checked with `schema` before anything is sent;
 * `submit` gets the parsed values and `onFailure` what it threw, with the setter of the field errors. A
 * new password shows the reasons of the one password rule as it is typed (docs/product.md#account).
 */
function CredentialsForm({
  heading,
  footer,
  schema,
  askName,
  newPassword,
  submitLabel,
  busyLabel,
  submit,
  onFailure,
}: {
  heading: React.ReactNode;
  footer?: React.ReactNode;
  schema: { safeParse: (value: unknown) => ParseResult };
  askName?: boolean;
  newPassword?: boolean;
  submitLabel: string;
  busyLabel: string;
  submit: (values: Credentials) => Promise<void>;
  onFailure: (err: unknown, setErrors: (errors: Errors) => void) => void | Promise<void>;
}) {
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [typed, setTyped] = useState({ email: '', password: '' });

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const values = { email: form.get('email'), password: form.get('password') };
    const parsed = schema.safeParse(askName ? { ...values, name: form.get('name') } : values);
    if (!parsed.success) return setErrors(errorsOf(parsed));
    setErrors({});
    setBusy(true);
    try {
      await submit(parsed.data);
    } catch (err) {
      await onFailure(err, setErrors);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      {heading}
      {askName ? (
        <Field label="Your name" hint="Guests see it on your event pages: “Hosted by …”" error={errors.name}>
          <Input name="name" autoComplete="name" maxLength={DISPLAY_NAME_MAX} required autoFocus />
        </Field>
      ) : null}
      <Field label="Email" error={errors.email}>
        <Input
          name="email"
          {...EMAIL_INPUT}
          autoComplete="email"
          required
          autoFocus={!askName}
          onChange={(e) => setTyped((t) => ({ ...t, email: e.target.value }))}
        />
      </Field>
      <Field label="Password" error={errors.password}>
        <Input
          name="password"
          type="password"
          autoComplete={newPassword ? 'new-password' : 'current-password'}
          required
          aria-describedby={newPassword ? 'password-reasons' : undefined}
          onChange={(e) => setTyped((t) => ({ ...t, password: e.target.value }))}
        />
      </Field>
      {newPassword ? <PasswordReasons id="password-reasons" password={typed.password} email={typed.email} /> : null}
      <Button type="submit" disabled={busy} size="lg">
        {busy ? busyLabel : submitLabel}
      </Button>
      {footer}
    </form>
  );
}

function SignInForm() {
  const qc = useQueryClient();
  const [needsCode, setNeedsCode] = useState(false);
  if (needsCode) return <SecondFactorForm onCancel={() => setNeedsCode(false)} />;
  return (
    <CredentialsForm
      heading={<h1 className="text-xl font-semibold">Sign In</h1>}
      footer={
        <Link to="/auth/forgot-password" className="justify-self-center text-sm text-ink/70 underline underline-offset-4 hover:text-ink">
          Forgot your password?
        </Link>
      }
      schema={ZSignIn}
      submitLabel="Sign In"
      busyLabel="Signing in…"
      submit={async ({ email, password }) => {
        const answer = await signIn(email, password);
        if (answer.twoFactorRedirect) return setNeedsCode(true);
        notify.success('Welcome back!', 'You have been signed in successfully.');
        await qc.invalidateQueries({ queryKey: sessionKey });
      }}
      onFailure={(err, setErrors) => {
        const fields = fieldErrorsOf(err);
        if (errorCode(err) === 'invalid_credentials') {
          notify.error('Invalid credentials', 'Please check your email and password and try again.');
        } else if (fields?.email || fields?.password) {
          setErrors({ email: fields.email, password: fields.password });
        } else {
          notify.error('Sign in failed', toUserMessage(err));
        }
      }}
    />
  );
}

function OwnerSetupForm() {
  const qc = useQueryClient();
  return (
    <CredentialsForm
      heading={
        <div>
          <h1 className="text-xl font-semibold">Create the owner account</h1>
          <p className="mt-1 text-sm text-ink/70">This is a new Turnout. The first account owns it; afterwards this page only signs in.</p>
        </div>
      }
      schema={ZOwnerSetup}
      askName
      newPassword
      submitLabel="Create account"
      busyLabel="Creating…"
      submit={async (values) => {
        await api('/api/setup/owner', { method: 'POST', body: values });
        notify.success('Owner account created', 'You are signed in.');
        await qc.invalidateQueries({ queryKey: sessionKey });
      }}
      onFailure={async (err, setErrors) => {
        const fields = fieldErrorsOf(err);
        if (fields) setErrors(fields as Errors);
        else if (errorCode(err) === 'conflict') {
          notify.info('Owner account exists', toUserMessage(err));
          await qc.invalidateQueries({ queryKey: setupKey });
        } else notify.error('Could not create the account', toUserMessage(err));
      }}
    />
  );
}
