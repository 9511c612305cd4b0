import { describe, expect, it } from 'vitest';
import { NO_EMAIL_SENT } from '../../../common/email-delivery.ts';
import { bulkTicketsNotice, regeneratedNotice, ticketSentNotice } from './mail-notice.ts';

const to = 'ada@example.com';
// The guest pages' own sentence and the host's start alike: one wording, one owner (src/common/email-delivery.ts).
const notSending = NO_EMAIL_SENT.split(',')[0]!;

describe('what a host is told about a ticket e-mail (docs/product.md#guest-list)', () => {
  it('says "on its way" only when SMTP carries it', () => {
    expect(ticketSentNotice({ queued: true, to, email_delivery: 'smtp' })).toEqual({
      tone: 'success',
      title: 'QR Code Sent',
      text: `On its way to ${to}.`,
    });
    const dev = ticketSentNotice({ queued: true, to, email_delivery: 'dev_mailbox' });
    expect(dev).toMatchObject({ tone: 'info', title: 'QR Code Not E-mailed' });
    expect(dev.text).toContain(notSending);
    expect(dev.text).toContain(to);
    expect(dev.text).not.toMatch(/sent to/i);
  });

  it('a resend within the minute says nothing new was sent', () => {
    for (const email_delivery of ['smtp', 'dev_mailbox'] as const) {
      const n = ticketSentNotice({ queued: false, to, email_delivery });
      expect(n).toMatchObject({ tone: 'info', title: 'Not Sent Again' });
      expect(n.text).toContain('less than a minute ago');
    }
  });

  it('regenerate: the new ticket is on its way, kept in the dev mailbox, or there is no address', () => {
    expect(regeneratedNotice({ email_queued: true, email_delivery: 'smtp' }, to)).toMatchObject({ tone: 'success' });
    expect(regeneratedNotice({ email_queued: true, email_delivery: 'dev_mailbox' }, to).text).toContain(notSending);
    expect(regeneratedNotice({ email_queued: false, email_delivery: 'smtp' }, null).text).toContain('no e-mail address');
  });

  it('a bulk e-mail job: on the way with SMTP; kept in the dev mailbox, never "e-mailed", without it', () => {
    expect(bulkTicketsNotice({ result: { queued: 2, skipped: 1, email_delivery: 'smtp' } })).toEqual({
      tone: 'success',
      title: 'Tickets e-mailed',
      text: '2 tickets on the way; 1 guest skipped (not attending or no e-mail).',
    });
    const dev = bulkTicketsNotice({ result: { queued: 2, skipped: 0, email_delivery: 'dev_mailbox' } });
    expect(dev).toMatchObject({ tone: 'info', title: 'Tickets kept in the dev mailbox' });
    expect(dev.text).toContain(notSending);
    expect(dev.text).not.toMatch(/on the way|e-mailed/);
  });
});
