import type { Env } from '../../env.ts';
import { createSmtpMailer, type SmtpMailer } from '../../integrations/smtp.ts';
import { createSmsSender, type SmsSender } from '../../integrations/twilio.ts';

/** The configured delivery channels of one process; a missing one means "keep it in the dev mailbox". */
export type Channels = { smtp?: SmtpMailer; twilio?: SmsSender };

const byEnv = new WeakMap<Env, Channels>();

/** SMTP when SMTP_URL is set; Twilio when its account SID, auth token and sender are all set. */
export function channelsFor(env: Env): Channels {
  let channels = byEnv.get(env);
  if (!channels) {
    channels = {
      smtp: env.SMTP_URL ? createSmtpMailer({ url: env.SMTP_URL, from: env.MAIL_FROM, connections: env.OUTBOX_CONCURRENCY }) : undefined,
      twilio:
        env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
          ? createSmsSender({
              accountSid: env.TWILIO_ACCOUNT_SID,
              authToken: env.TWILIO_AUTH_TOKEN,
              from: env.TWILIO_FROM,
              apiBaseUrl: env.TWILIO_API_BASE_URL,
            })
          : undefined,
    };
    byEnv.set(env, channels);
  }
  return channels;
}

/** Closes the open SMTP connections of `env`'s channels; the next channelsFor(env) makes new ones. */
export function closeChannels(env: Env): void {
  byEnv.get(env)?.smtp?.close();
  byEnv.delete(env);
}
