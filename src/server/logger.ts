import pino from 'pino';

export type Logger = pino.Logger;

const REDACTED = '[redacted]';

/**
 * What a database error may say in a log: never the values it was about. Drizzle's error message ends
 * with the statement's parameters ("params: name,email,…") and keeps them in `params`; PostgreSQL's
 * `detail` repeats a conflicting key's values ("Key (email)=(…) already exists"). Guests' names,
 * e-mails, phones and PINs are among those values (docs/product.md#privacy-and-safety).
 */
function withoutValues(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error) || depth > 3) return err;
  const e = err as Error & { params?: unknown; detail?: unknown; cause?: unknown; where?: unknown };
  const out = pino.stdSerializers.err(e) as Record<string, unknown>;
  if (typeof out.message === 'string') out.message = out.message.replace(/\nparams: [\s\S]*$/, `\nparams: ${REDACTED}`);
  if (typeof out.stack === 'string') out.stack = out.stack.replace(/\nparams: [\s\S]*?(\n\s+at |$)/, `\nparams: ${REDACTED}$1`);
  if ('params' in out) out.params = REDACTED;
  if ('detail' in out) out.detail = REDACTED;
  if ('where' in out) out.where = REDACTED;
  if (e.cause !== undefined) out.cause = withoutValues(e.cause, depth + 1);
  return out;
}

/** `destination` lets a test read what would be written (default: stdout). */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      serializers: { err: withoutValues },
      redact: { paths: ['*.password', '*.stripe_secret_key', 'req.headers.cookie', 'req.headers.authorization'], censor: REDACTED },
    },
    destination,
  );
}
