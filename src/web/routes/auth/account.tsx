import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EMAIL_HAS_PENDING_PLACE } from '../../../common/messages.ts';
import { CalendarFeed } from '../../components/calendar-feed.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Loading } from '../../components/ui/spinner.tsx';
import { ApiKeys } from '../../features/accounts/api-keys.tsx';
import { Webhooks } from '../../features/accounts/webhooks.tsx';
import { PasswordForm } from '../../features/accounts/password-form.tsx';
import { EmailForm, NameForm } from '../../features/accounts/profile-forms.tsx';
import { SessionsList } from '../../features/accounts/sessions-list.tsx';
import { TwoFactorCard } from '../../features/accounts/two-factor-card.tsx';
import { StripeAccountCard } from '../../features/payments/stripe-account-card.tsx';
import { useSession } from '../../lib/auth.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { notify } from '../../lib/toast.ts';

/** /auth/account (docs/product.md#account): name, e-mail, password, two-factor, the host's Stripe account and the signed-in devices. */
export function Component() {
  useDocumentTitle('Your account');
  const { data: user } = useSession();
  const [params, setParams] = useSearchParams();

  // The confirmation link of a new e-mail comes back here: ?email=confirmed, or ?error=… when it failed.
  useEffect(() => {
    const confirmed = params.get('email') === 'confirmed';
    const error = params.get('error');
    if (!confirmed && !error) return;
    if (error === 'EMAIL_HAS_PENDING_PLACE') notify.error('The e-mail was not changed', EMAIL_HAS_PENDING_PLACE);
    else if (error) notify.error('The e-mail was not changed', 'The confirmation link is invalid or expired. Ask for a new one.');
    else notify.success('E-mail changed', 'Sign in with your new address from now on.');
    setParams({}, { replace: true });
  }, [params, setParams]);

  if (!user) return <Loading />;
  return (
    <main className="mx-auto grid max-w-2xl gap-6 px-4 py-8 sm:px-6">
      <div className="grid gap-2">
        <Link to="/" data-toast-below className="flex min-h-11 w-fit items-center gap-1 text-sm text-ink/70 hover:text-ink">
          <ArrowLeft aria-hidden="true" className="size-4" /> Dashboard
        </Link>
        <h1 className="font-display text-3xl font-semibold">Your account</h1>
        {user.role === 'admin' ? (
          <Link
            to="/auth/people"
            className="flex min-h-11 w-fit items-center text-sm font-medium text-accent-ink underline underline-offset-4"
          >
            People: everyone with an account on this Turnout
          </Link>
        ) : null}
      </div>
      <Section title="Profile">
        <NameForm user={user} />
      </Section>
      <Section title="E-mail">
        <EmailForm user={user} />
      </Section>
      <Section title="Password">
        <PasswordForm email={user.email} />
      </Section>
      <Section title="Two-factor sign-in">
        <TwoFactorCard user={user} />
      </Section>
      <Section title="Stripe account">
        <StripeAccountCard />
      </Section>
      <Section title="Signed-in devices">
        <SessionsList />
      </Section>
      <Section title="Calendar feed">
        <CalendarFeed path="/api/account/calendar-feed" what="every event you host or co-host (from 30 days ago on)" />
      </Section>
      <Section title="API keys">
        <ApiKeys />
      </Section>
      <Section title="Webhooks">
        <Webhooks />
      </Section>
    </main>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `account-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card className="grid gap-4 p-5" role="region" aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </Card>
  );
}
