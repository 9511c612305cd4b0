import pino from 'pino';

export type Logger = pino.Logger;

const REDACTED = '[redacted]';

/**
 * Fields of a provider's error that list recipients: nodemailer's `rejected`, `accepted`, `pending`,
 * `rejectedErrors` (each with its `recipient`) and `envelope`; anything called `to`.
 */
const RECIPIENT_FIELDS = new Set(['rejected', 'accepted', 'pending', 'rejectedErrors', 'envelope', 'recipient', 'to']);
/** An e-mail address anywhere in a text (a mail server's reply quotes the one it refused). */
const EMAIL = /[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;
/** A phone number as we send it (E.164): Twilio's error messages quote the "To" number. */
const PHONE = /\+\d{7,15}\b/g;

const withoutContacts = (text: string) => text.replace(EMAIL, '[e-mail]').replace(PHONE, '[phone]');

/**
 * What an error may say in a log: never the values it was about, nor whom a message was for
 * (docs/product.md#privacy-and-safety). Statement parameters and a conflict's `detail` are dropped,
 * e-mail addresses and E.164 numbers in delivery errors masked, recipient lists dropped.
 */
function withoutValues(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error) || depth > 3) return err;
  const e = err as Error & { cause?: unknown };
  const out = pino.stdSerializers.err(e) as Record<string, unknown>;
  if (typeof out.message === 'string') out.message = out.message.replace(/\nparams: [\s\S]*$/, `\nparams: ${REDACTED}`);
  if (typeof out.stack === 'string') out.stack = out.stack.replace(/\nparams: [\s\S]*?(\n\s+at |$)/, `\nparams: ${REDACTED}$1`);
  for (const key of ['params', 'detail', 'where']) if (key in out) out[key] = REDACTED;
  for (const [key, value] of Object.entries(out)) {
    if (RECIPIENT_FIELDS.has(key)) out[key] = REDACTED;
    else if (typeof value === 'string') out[key] = withoutContacts(value);
  }
  if (e.cause !== undefined) out.cause = withoutValues(e.cause, depth + 1);
  return out;
}

/** Better Auth's log levels (its `logger.log` option), on the app's. */
type AuthLogLevel = 'debug' | 'info' | 'warn' | 'error';

/**
 * Better Auth's own log lines, into the app's log with the same redaction (security review of issue 29):
 * its messages may quote a failed statement's parameters (a session token, an e-mail), so a message
 * loses them and its contacts, an error goes through `withoutValues`, and any other argument (a user,
 * a session…) is dropped.
 */
export function betterAuthLogger(log: Logger): {
  level: AuthLogLevel;
  log: (level: AuthLogLevel, message: string, ...args: unknown[]) => void;
} {
  const level: AuthLogLevel = log.isLevelEnabled('debug')
    ? 'debug'
    : log.isLevelEnabled('info')
      ? 'info'
      : log.isLevelEnabled('warn')
        ? 'warn'
        : 'error';
  return {
    level,
    log: (at, message, ...args) => {
      const msg = withoutContacts(String(message).replace(/\nparams: [\s\S]*$/, `\nparams: ${REDACTED}`));
      const err = args.find((a) => a instanceof Error);
      log[at](
        {
          component: 'better-auth',
          ...(err ? { err } : {}),
          ...(args.length > (err ? 1 : 0) ? { dropped_args: args.length - (err ? 1 : 0) } : {}),
        },
        msg,
      );
    },
  };
}

/** `destination` lets a test read what would be written (default: stdout). */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      // An outbox message's idempotency key may name its recipient (`find-ticket:{e-mail}:…`).
      serializers: { err: withoutValues, key: (key: unknown) => (typeof key === 'string' ? withoutContacts(key) : key) },
      redact: { paths: ['*.password', '*.stripe_secret_key', 'req.headers.cookie', 'req.headers.authorization'], censor: REDACTED },
    },
    destination,
  );
}
