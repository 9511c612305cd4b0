import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Loading } from '../../components/ui/spinner.tsx';
import { useAcceptInvitation, useInvitation } from '../../features/events/api/invitations.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../common/constants.ts';
import { PASSWORD_TOO_SHORT } from '../../../common/messages.ts';
import { LoadFailed } from '../../components/page-states.tsx';
import { checkinEventsQuery } from '../../features/checkin/api/checkin.ts';
import { checkinHref } from '../../../common/hrefs.ts';
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
  } else body = <AcceptForm token={token} email={invitation.data.email} eventTitle={invitation.data.event_title} />;

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
 * Where a new team member lands (docs/product.md#co-hosts): door staff of every event they are on (the
 * invitation does not say the role) go to check-in, anyone who manages an event to the admin.
 */
async function landingAfterAccept(qc: QueryClient): Promise<string> {
  try {
    const events = await qc.fetchQuery(checkinEventsQuery());
    const first = events[0];
    if (first && events.every((e) => e.role === 'door')) return checkinHref('index', events.length === 1 ? first.id : null);
  } catch {
    // the admin is the safe default
  }
  return '/auth/admin';
}

function AcceptForm({ token, email, eventTitle }: { token: string; email: string; eventTitle: string | null }) {
  const accept = useAcceptInvitation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<{ password?: string; name?: string }>({});
  const passwordRef = useRef<HTMLInputElement>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const name = String(form.get('name') ?? '').trim();
    const password = String(form.get('password') ?? '');
    const found: typeof errors = {};
    if (password.length < PASSWORD_MIN) found.password = PASSWORD_TOO_SHORT;
    setErrors(found);
    if (found.password) return passwordRef.current?.focus();
    try {
      await accept.mutateAsync({ token, password, ...(name ? { name } : {}) });
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
        <h1 className="text-xl font-semibold">{eventTitle ? "You're invited to join the team" : "You're invited to host on Turnout"}</h1>
        <p className="mt-1 text-sm text-ink/70">
          {eventTitle && <span className="font-medium text-ink">{eventTitle}. </span>}
          Choose a password to create your account.
        </p>
      </div>
      <Field label="Email">
        <Input name="email" type="email" value={email} readOnly autoComplete="username" className="bg-paper-soft" />
      </Field>
      <Field label="Your name" hint="Optional" error={errors.name}>
        <Input name="name" autoComplete="name" maxLength={120} />
      </Field>
      <Field label="Password" hint={`At least ${PASSWORD_MIN} characters`} error={errors.password}>
        <Input
          ref={passwordRef}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          maxLength={PASSWORD_MAX}
          autoFocus
        />
      </Field>
      <Button type="submit" size="lg" disabled={accept.isPending}>
        {accept.isPending ? 'Creating account…' : 'Create account and continue'}
      </Button>
    </form>
  );
}
