import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Loading } from '../../components/ui/spinner.tsx';
import { useAcceptInvitation, useInvitation } from '../../features/events/api/invitations.ts';
import { DISPLAY_NAME_MAX, PASSWORD_MAX } from '../../../common/constants.ts';
import { ROLE_GRANTED } from '../../../common/event-roles.ts';
import { weakPasswordReasons } from '../../../common/password-rules.ts';
import { ZAcceptInvitation } from '../../../common/schemas/auth.ts';
import type { TInvitation } from '../../../common/schemas/events.ts';
import { PasswordReasons } from '../../features/accounts/password-reasons.tsx';
import { LoadFailed } from '../../components/page-states.tsx';
import { checkinEventsQuery } from '../../features/checkin/api/checkin.ts';
import { doorStaffLanding } from '../../features/checkin/door-staff-gate.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { errorCode } from '../../lib/error-code.ts';
import { fieldErrorsOf, toUserMessage } from '../../lib/user-message.ts';

// Toasts load on use: sonner stays out of this public page's first load.
const notify = {
  success: (title: string, text?: string) => void import('../../lib/toast.ts').then((m) => m.notify.success(title, text)),
  error: (title: string, text?: string) => void import('../../lib/toast.ts').then((m) => m.notify.error(title, text)),
};

/** /auth/accept-invite?token=…: an invited co-host or door staff member makes their account, then manages or checks in the event. */
export function Component() {
  useDocumentTitle('Accept invitation');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const invitation = useInvitation(token);

  let body: React.ReactNode;
  if (!token) body = <Invalid text="This link has no invitation token. Open the link from your invitation e-mail again." />;
  else if (invitation.isPending) return <Loading text="Checking your invitation..." />;
  else if (invitation.isError) {
    const code = errorCode(invitation.error);
    // Unknown, expired or already used: the server's own sentence says which.
    body =
      code === 'not_found' || code === 'gone' || code === 'bad_request' || code === 'validation_failed' ? (
        <Invalid text={toUserMessage(invitation.error)} />
      ) : (
        <LoadFailed
          layout="panel"
          title="Could not check the invitation"
          message={toUserMessage(invitation.error)}
          onRetry={() => invitation.refetch()}
          retrying={invitation.isFetching}
        />
      );
  } else body = <AcceptForm token={token} invitation={invitation.data} />;

  return (
    <main className="grid min-h-dvh place-items-center px-4 py-10">
      <div className="w-full max-w-sm">
        <p className="mb-6 text-center font-display text-3xl font-bold tracking-tight">Turnout</p>
        <Card className="p-6">{body}</Card>
      </div>
    </main>
  );
}

function Invalid({ text }: { text: string }) {
  return (
    <div className="grid gap-3">
      <h1 className="text-xl font-semibold">Invitation not valid</h1>
      <p className="text-ink/70" role="alert">
        {text}
      </p>
      <Link to="/auth" className="text-accent-ink underline underline-offset-4">
        Go to Sign In
      </Link>
    </div>
  );
}

/**
 * Where a new team member lands (docs/product.md#co-hosts): door staff of every event they are on (an
 * account may already hold other places) go to check-in, anyone who manages an event to the admin.
 */
async function landingAfterAccept(qc: QueryClient): Promise<string> {
  try {
    const door = doorStaffLanding(await qc.fetchQuery(checkinEventsQuery()));
    if (door) return door;
  } catch {
    // the admin is the safe default
  }
  return '/auth/admin';
}

function AcceptForm({ token, invitation }: { token: string; invitation: TInvitation }) {
  const { email, event_title: eventTitle } = invitation;
  const granted = ROLE_GRANTED[invitation.role ?? 'host'];
  const accept = useAcceptInvitation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<{ password?: string; name?: string }>({});
  const [password, setPassword] = useState('');
  const nameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const parsed = ZAcceptInvitation.safeParse({ token, name: form.get('name'), password: form.get('password') });
    const found: typeof errors = {};
    for (const issue of parsed.error?.issues ?? []) {
      const key = issue.path[0];
      if (key === 'name' || key === 'password') found[key] ??= issue.message;
    }
    const [weak] = weakPasswordReasons(password, email);
    found.password ??= weak;
    setErrors(found);
    if (found.name) return nameRef.current?.focus();
    if (found.password || !parsed.success) return passwordRef.current?.focus();
    try {
      await accept.mutateAsync(parsed.data);
      const to = await landingAfterAccept(qc);
      notify.success(
        'Welcome to Turnout!',
        !eventTitle
          ? 'You can now create your own events.'
          : to.startsWith('/checkin')
            ? `You can now check in guests of ${eventTitle}.`
            : `You can now manage ${eventTitle}.`,
      );
      navigate(to, { replace: true });
    } catch (err) {
      const fields = fieldErrorsOf(err);
      if (fields) setErrors(fields);
      notify.error('Could not accept the invitation', toUserMessage(err));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div>
        <h1 className="text-xl font-semibold">{eventTitle ? `You're invited as ${granted.name}` : "You're invited to host on Turnout"}</h1>
        {eventTitle ? <p className="mt-1 font-medium">{eventTitle}</p> : null}
        <p className="mt-2 text-sm text-ink/70" data-testid="role-allows">
          <span className="font-medium text-ink">As {granted.name} you can: </span>
          {granted.allows}
        </p>
      </div>
      <Field label="Email">
        <Input name="email" type="email" value={email} readOnly autoComplete="username" className="bg-paper-soft" />
      </Field>
      <Field label="Your name" hint="Shown to your team and at the door" error={errors.name}>
        <Input ref={nameRef} name="name" autoComplete="name" maxLength={DISPLAY_NAME_MAX} required autoFocus />
      </Field>
      <Field label="Password" error={errors.password}>
        <Input
          ref={passwordRef}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          maxLength={PASSWORD_MAX}
          aria-describedby="invite-password-reasons"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </Field>
      <PasswordReasons id="invite-password-reasons" password={password} email={email} />
      <Button type="submit" size="lg" disabled={accept.isPending}>
        {accept.isPending ? 'Creating account…' : 'Create account and continue'}
      </Button>
    </form>
  );
}
