import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it } from 'vitest';
import { event_rsvps } from '../../src/server/db/schema/rsvps.ts';
import { createSmtpMailer } from '../../src/server/integrations/smtp.ts';
import { createSmsSender } from '../../src/server/integrations/twilio.ts';
import { createLogger } from '../../src/server/logger.ts';
import { insertEvent } from '../factories/rsvps.ts';
import { createTestApp } from '../support/app.ts';
import { FAKE_TWILIO, startFakeTwilio } from '../support/fake-twilio.ts';

const t = await createTestApp({ RATE_LIMIT: 'false' });

/** A logger whose lines are kept in memory. */
function capturedLogger() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { log: createLogger('info', sink), text: () => lines.join('') };
}

/** What `p` rejected with, or null if it resolved. */
const rejectionOf = (p: PromiseLike<unknown>) =>
  Promise.resolve(p).then(
    () => null,
    (e: unknown) => e,
  );

describe('guest data stays out of the app log', () => {
  it('a failed statement is logged with its SQL and code, without its values or the key it conflicted on', async () => {
    const event = await insertEvent(t, {});
    const guest = { event_id: event.id, name: 'Zelda Quetzal-Privacy', email: 'zelda.private@example.org', phone: '+14155550199' };
    await t.db.insert(event_rsvps).values(guest);
    const err = await rejectionOf(t.db.insert(event_rsvps).values(guest));
    expect(err).toBeInstanceOf(Error);
    // The raw error does carry the values: what the logger must not write.
    expect(`${(err as Error).message} ${JSON.stringify((err as { cause?: { detail?: string } }).cause?.detail)}`).toContain(guest.email);

    const { log, text } = capturedLogger();
    log.error({ err }, 'unhandled error');
    const line = text();
    expect(line).toContain('Failed query: insert into');
    expect(line).toContain('event_rsvps_event_email_key');
    expect(line).toContain('23505');
    for (const value of [guest.name, guest.email, guest.phone, event.id]) expect(line).not.toContain(value);
  });

  it("a mail server refusing a guest's address is logged with its codes, without the address", async () => {
    const address = 'zelda.refused@example.org';
    // A real SMTP server at the far side that refuses the recipient, quoting it, as mail servers do.
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      disableReverseLookup: true,
      onRcptTo(rcpt, _session, callback) {
        callback(Object.assign(new Error(`5.1.1 <${rcpt.address}>: Recipient address rejected: User unknown`), { responseCode: 550 }));
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const mailer = createSmtpMailer({
      url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
      from: 'Turnout <no-reply@turnout.local>',
      connections: 1,
    });
    try {
      const err = await rejectionOf(mailer.send({ idempotencyKey: 'k1', payload: { to: address, subject: 'Your ticket', text: 'Hello' } }));
      expect(err).toBeInstanceOf(Error);
      expect(JSON.stringify({ ...(err as object), message: (err as Error).message })).toContain(address); // what the logger gets

      const { log, text } = capturedLogger();
      log.warn({ err }, 'message delivery failed; will retry');
      const line = text();
      expect(line).toContain('EENVELOPE');
      expect(line).toContain('550');
      expect(line).toContain('Recipient address rejected');
      expect(line).not.toContain(address);
      expect(line).not.toContain('zelda.refused');
    } finally {
      mailer.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("Twilio refusing a guest's number is logged with its code, without the number", async () => {
    const phone = '+14155550123';
    const twilio = await startFakeTwilio((sms) => ({
      status: 400,
      code: 21211,
      message: `The 'To' number ${sms.to} is not a valid phone number.`,
    }));
    try {
      const sender = createSmsSender({ ...FAKE_TWILIO, apiBaseUrl: twilio.url });
      const err = await rejectionOf(sender.send({ to: phone, body: 'Your ticket' }));
      expect(err).toBeInstanceOf(Error);
      expect((err as Error).message).toContain(phone);

      const { log, text } = capturedLogger();
      log.warn({ err }, 'message delivery failed; will retry');
      const line = text();
      expect(line).toContain('21211');
      expect(line).toContain('is not a valid phone number');
      expect(line).not.toContain(phone);
      expect(line).not.toContain('4155550123');
    } finally {
      await twilio.close();
    }
  });
});
