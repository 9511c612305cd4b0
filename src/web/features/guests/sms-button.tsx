import { MessageSquare } from 'lucide-react';
import { notDeliveredText } from '../../../common/not-delivered.ts';
import type { TGuestRow } from '../../../common/schemas/guests.responses.ts';
import type { TSmsSent } from '../../../common/schemas/sms.ts';
import { GUEST_LIST_MSG } from '../../../common/messages.ts';
import { notResentText, SMS_MSG, smsQueuedText } from '../../../common/sms.ts';
import { Button } from '../../components/ui/button.tsx';
import { notify } from '../../lib/toast.ts';
import { toUserMessage } from '../../lib/user-message.ts';
import { useGuestSms } from './api/guest-sms.ts';

type SmsGuest = Pick<TGuestRow, 'id' | 'name' | 'phone' | 'has_ticket'>;

/**
 * What the host is told after "SMS" (docs/product.md#sms), never more than happened: queued for
 * Twilio, kept in the dev mailbox (common/not-delivered.ts, the guest pages' wording), refused by the minute's
 * limit, or not sent to a number that replied STOP.
 */
export function smsAnswerToast(r: TSmsSent): { tone: 'success' | 'info' | 'error'; title: string; text: string } {
  if (!r.queued && r.delivery.status === 'opted-out')
    return { tone: 'error', title: SMS_MSG.sendingFailed, text: `${r.to} replied STOP: it gets no SMS.` };
  if (!r.queued) return { tone: 'info', title: SMS_MSG.notResent, text: notResentText(r.to) };
  if (r.channel === 'dev_mailbox') return { tone: 'info', title: SMS_MSG.keptInMailbox, text: notDeliveredText('SMS', r.to) };
  return { tone: 'success', title: SMS_MSG.queued, text: smsQueuedText(r.to) };
}

/** "SMS": texts the guest the event name and their ticket's short link (docs/product.md#sms). */
export function SmsButton({ eventId, guest }: { eventId: string; guest: SmsGuest }) {
  const send = useGuestSms(eventId);
  const onClick = () => {
    if (!guest.phone) return notify.error(SMS_MSG.noPhone, SMS_MSG.noPhoneText);
    if (!guest.has_ticket) return notify.error(GUEST_LIST_MSG.noQrCode, GUEST_LIST_MSG.noQrCodeText);
    send.mutate(guest.id, {
      onSuccess: (r) => {
        const t = smsAnswerToast(r);
        notify[t.tone](t.title, t.text);
      },
      onError: (e) => notify.error(SMS_MSG.sendingFailed, toUserMessage(e, SMS_MSG.sendingFailedText)),
    });
  };
  return (
    <Button variant="outline" size="sm" onClick={onClick} disabled={send.isPending} aria-label={`SMS ${guest.name}`}>
      <MessageSquare aria-hidden="true" />
      {send.isPending ? 'Sending…' : 'SMS'}
    </Button>
  );
}

const LABEL = {
  queued: 'SMS queued',
  sent: 'SMS sent',
  kept: 'SMS in the dev mailbox (not sent)',
  failed: 'SMS failed',
  unknown: 'SMS outcome unknown',
  'opted-out': 'Opted out',
  'no-phone': 'No phone',
  cancelled: 'SMS cancelled',
};

/** The latest SMS's delivery status; a failure shows the provider's reason. */
export function SmsStatus({ sms }: { sms: TGuestRow['sms'] }) {
  if (!sms) return null;
  const bad = sms.status === 'failed' || sms.status === 'opted-out' || sms.status === 'unknown';
  return (
    <span className={`block max-w-56 text-xs ${bad ? 'text-danger' : 'text-ink/70'}`}>
      {LABEL[sms.status]}
      {(sms.status === 'failed' || sms.status === 'unknown') && sms.error ? `: ${sms.error}` : ''}
    </span>
  );
}
