import type { SmsPayload } from '../db/schema/outbox.ts';

export type SmsSender = {
  /** Loads the SDK: the outbox calls it before it records a hand-off, so the load never counts as a request in flight. */
  ready: () => Promise<void>;
  /** Creates the message at Twilio; resolves with its SID. */
  send: (payload: SmsPayload) => Promise<{ sid: string }>;
};

export type TwilioConfig = {
  accountSid: string;
  authToken: string;
  from: string;
  /** Another API origin for the REST API (tests point it at a local fake), e.g. http://127.0.0.1:4010. */
  apiBaseUrl?: string;
};

/**
 * The real Twilio SDK client, loaded on the first SMS (the SDK adds ~0.4 s to start-up otherwise).
 * Messages go through `client.api`, whose baseUrl the SDK reads per request.
 */
export function createSmsSender(config: TwilioConfig): SmsSender {
  let clientPromise: Promise<import('twilio').Twilio> | undefined;
  const getClient = () =>
    (clientPromise ??= import('twilio').then(({ default: twilio }) => {
      const client = twilio(config.accountSid, config.authToken, { timeout: 30_000 });
      if (config.apiBaseUrl) client.api.baseUrl = config.apiBaseUrl.replace(/\/$/, '');
      return client;
    }));
  return {
    async ready() {
      await getClient();
    },
    async send(payload) {
      const client = await getClient();
      const message = await client.messages.create({ to: payload.to, from: config.from, body: payload.body });
      return { sid: message.sid };
    },
  };
}
