import { describe, expect, it } from 'vitest';
import { NO_EMAIL_SENT } from '../../../common/email-delivery.ts';
import type { TSmsSent } from '../../../common/schemas/sms.ts';
import { smsAnswerToast } from './sms-button.tsx';

const answer = (o: Partial<TSmsSent> & Pick<TSmsSent, 'queued'>): TSmsSent => ({
  to: '+14155550123',
  channel: 'twilio',
  delivery: { status: 'queued', error: null, at: '2030-01-01T00:00:00.000Z' },
  ...o,
});

describe('smsAnswerToast: the SMS button says what happened, never more', () => {
  it('queued for Twilio: queued, not delivered', () => {
    const t = smsAnswerToast(answer({ queued: true }));
    expect(t).toMatchObject({ tone: 'success', title: 'SMS queued' });
    expect(t.text).not.toMatch(/on its way|sent/i);
  });

  it('no Twilio: kept in the dev mailbox, in the guest pages’ wording', () => {
    const t = smsAnswerToast(answer({ queued: true, channel: 'dev_mailbox' }));
    expect(t.tone).toBe('info');
    expect(t.text).toBe('This site does not send SMS yet, so no SMS will reach +14155550123: it is kept in the dev mailbox.');
    // The same sentence as the guest pages' (common/email-delivery.ts).
    expect(NO_EMAIL_SENT.startsWith('This site does not send e-mail yet, so no e-mail will reach')).toBe(true);
  });

  it('refused by the once-a-minute limit: not "sent", even when the last text was', () => {
    const t = smsAnswerToast(answer({ queued: false, delivery: { status: 'sent', error: null, at: '2030-01-01T00:00:00.000Z' } }));
    expect(t).toMatchObject({ tone: 'info', title: 'Not sent again' });
    expect(t.text).toContain('less than a minute ago');
  });

  it('an opted-out number: an error naming it', () => {
    const t = smsAnswerToast(answer({ queued: false, delivery: { status: 'opted-out', error: null, at: '2030-01-01T00:00:00.000Z' } }));
    expect(t).toMatchObject({ tone: 'error', text: '+14155550123 replied STOP: it gets no SMS.' });
  });
});
