import type { Env } from '../env.ts';
import { createSmtpMailer, type SmtpMailer } from './smtp.ts';
import { createSmsSender, type SmsSender } from './twilio.ts';

/**
 * The delivery channels of one app (createApp puts them in deps; its close() closes them): SMTP when
 * SMTP_URL is set, Twilio when its account SID, auth token and sender are all set. A missing one
 * means "keep it in the dev mailbox". Each is made on first use; close() ends the SMTP pool's
 * connections, and the next use opens a new pool.
 */
export class Channels {
  private mailer?: SmtpMailer;
  private sender?: SmsSender;

  constructor(private readonly env: Env) {}

  get smtp(): SmtpMailer | undefined {
    const { SMTP_URL, MAIL_FROM, OUTBOX_CONCURRENCY } = this.env;
    if (!SMTP_URL) return undefined;
    this.mailer ??= createSmtpMailer({ url: SMTP_URL, from: MAIL_FROM, connections: OUTBOX_CONCURRENCY });
    return this.mailer;
  }

  get twilio(): SmsSender | undefined {
    const { TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM, TWILIO_API_BASE_URL } = this.env;
    if (!TWILIO_ACCOUNT_SID || !TWILIO_AUTH_TOKEN || !TWILIO_FROM) return undefined;
    this.sender ??= createSmsSender({
      accountSid: TWILIO_ACCOUNT_SID,
      authToken: TWILIO_AUTH_TOKEN,
      from: TWILIO_FROM,
      apiBaseUrl: TWILIO_API_BASE_URL,
    });
    return this.sender;
  }

  /** Closes the open SMTP connections. */
  close(): void {
    this.mailer?.close();
    this.mailer = undefined;
  }
}
