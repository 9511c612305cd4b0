import { ArrowLeft, Send } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { TSendSmsResult } from '../../common/schemas/sms.ts';
import { SMS_SANDBOX_OWNER_ONLY } from '../../common/messages.ts';
import { SMS_MSG, smsTooLong } from '../../common/sms.ts';
import { Button } from '../components/ui/button.tsx';
import { buttonVariants } from '../components/ui/button-variants.ts';
import { Card } from '../components/ui/card.tsx';
import { Field } from '../components/ui/field.tsx';
import { Input, PHONE_INPUT, Textarea } from '../components/ui/input.tsx';
import { useIsOwner } from '../features/people/people-api.ts';
import { useSession } from '../lib/auth.ts';
import { useDocumentTitle } from '../lib/document-title.ts';
import { errorCode } from '../lib/error-code.ts';
import { notify } from '../lib/toast.ts';
import { fieldErrorsOf, toUserMessage } from '../lib/user-message.ts';
import { useSandboxSms } from '../features/messaging/api.ts';
import { SmsCount } from '../features/messaging/sms-count.tsx';

/** A request that failed (Twilio's own refusals are answers: see onSuccess). */
function shownError(e: unknown): { title: string; text: string } {
  if (errorCode(e) === 'network') return { title: SMS_MSG.smsError, text: SMS_MSG.smsErrorText };
  return { title: SMS_MSG.sendingFailed, text: toUserMessage(e, SMS_MSG.sendingFailedText) };
}

/** /auth/sms/twilio: send one test SMS and see Twilio's answer (docs/product.md#sms-sandbox). */
export function Component() {
  useDocumentTitle('SMS sandbox');
  const [to, setTo] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [answer, setAnswer] = useState<TSendSmsResult | null>(null);
  const send = useSandboxSms();
  const session = useSession();
  const isOwner = useIsOwner();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setAnswer(null);
    if (!to.trim() || !message.trim()) {
      setErrors({});
      return notify.error(SMS_MSG.sandboxRequired);
    }
    if (smsTooLong(message)) return notify.error(SMS_MSG.sendingFailed, SMS_MSG.tooLong);
    send.mutate(
      { to, message },
      {
        onSuccess: (a) => {
          setErrors({});
          setAnswer(a);
          if (a.sent) notify.success('SMS sent', `Twilio accepted it: ${a.sid}`);
          else if (a.code === 'MISSING_API_KEY') notify.error('SMS is not configured', SMS_MSG.notConfigured);
          else if (a.code === 'MESSAGE_TOO_LONG') notify.error(SMS_MSG.sendingFailed, SMS_MSG.tooLong);
          else notify.error(SMS_MSG.sendingFailed, a.error ?? SMS_MSG.sendingFailedText);
        },
        onError: (err) => {
          const fields = fieldErrorsOf(err);
          setErrors(fields ?? {});
          if (fields?.message === SMS_MSG.tooLong) return notify.error(SMS_MSG.sendingFailed, SMS_MSG.tooLong);
          const shown = shownError(err);
          notify.error(shown.title, shown.text);
        },
      },
    );
  };

  return (
    <main className="mx-auto grid max-w-xl gap-4 p-4 sm:p-6">
      <Link to="/auth/admin" data-toast-below className={buttonVariants({ variant: 'ghost', className: '-ml-3 justify-self-start' })}>
        <ArrowLeft aria-hidden="true" />
        Back to Dashboard
      </Link>
      <Card className="p-4 sm:p-6">
        <h1 className="font-display text-2xl font-semibold">SMS sandbox</h1>
        <p className="mt-1 text-sm text-ink/70">Send one text message now, through the server's Twilio account.</p>
        {session.data && !isOwner ? (
          <p className="mt-5 font-medium">{SMS_SANDBOX_OWNER_ONLY}</p>
        ) : (
          <form className="mt-5 grid gap-4" onSubmit={submit} noValidate>
            <Field label="Phone number" error={errors.to} hint="With the country code, e.g. +1 415 555 0123">
              <Input {...PHONE_INPUT} value={to} onChange={(e) => setTo(e.target.value)} />
            </Field>
            <Field label="Message" error={errors.message}>
              <Textarea rows={4} value={message} onChange={(e) => setMessage(e.target.value)} />
            </Field>
            <SmsCount text={message} id="sandbox-count" />
            <Button type="submit" disabled={send.isPending} className="justify-self-start">
              <Send aria-hidden="true" />
              {send.isPending ? 'Sending…' : 'Send SMS'}
            </Button>
          </form>
        )}
        {answer ? (
          <div className="mt-5 rounded-lg bg-ink/5 p-3 text-sm" aria-live="polite">
            <p className="font-semibold">
              {answer.sent
                ? 'Twilio accepted the message'
                : answer.code === 'MISSING_API_KEY'
                  ? 'Not sent: SMS is not configured'
                  : answer.code === 'OPTED_OUT'
                    ? 'Not sent: the number opted out'
                    : 'Twilio refused the message'}
            </p>
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 [overflow-wrap:anywhere]">
              <dt className="text-ink/70">To</dt>
              <dd>{answer.to}</dd>
              {answer.sid ? (
                <>
                  <dt className="text-ink/70">SID</dt>
                  <dd>{answer.sid}</dd>
                </>
              ) : null}
              {answer.code ? (
                <>
                  <dt className="text-ink/70">Code</dt>
                  <dd>{answer.code}</dd>
                </>
              ) : null}
              {answer.error ? (
                <>
                  <dt className="text-ink/70">Error</dt>
                  <dd>{answer.error}</dd>
                </>
              ) : null}
            </dl>
          </div>
        ) : null}
      </Card>
    </main>
  );
}
