import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const bool = z.enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off']).transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const secret = z.string().min(32, 'must be at least 32 characters');

export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /**
   * Public origin used in e-mails, QR codes and share tags. Required in production (a default would
   * print http://localhost on every ticket); elsewhere it defaults to http://localhost:PORT.
   */
  PUBLIC_BASE_URL: z.url().optional(),
  /** Any PostgreSQL server. Without it the app starts its own embedded server under DATA_DIR. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  /**
   * A direct connection (no pooler, or one in session mode) to the same database as DATABASE_URL. Set it
   * when DATABASE_URL goes through a pooler in transaction mode (PgBouncer): what needs a session of its
   * own (LISTEN, the migrations' advisory lock) uses this URL, and the pooled connections keep no
   * prepared statement between messages (ADR 0024).
   */
  DATABASE_DIRECT_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATA_DIR: z.string().default('./data'),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  AUTH_SECRET: secret.optional(),
  /** 32-byte key (hex or base64) for AES-256-GCM encryption of payment secrets at rest. */
  ENCRYPTION_KEY: z.string().optional(),
  /** Key for signing ticket tokens (HMAC-SHA256). */
  TICKET_SIGNING_KEY: secret.optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    // The mail pool (integrations/smtp.ts) opens plain connections: a proxy would be silently bypassed.
    .refine((url) => !URL.canParse(url) || !new URL(url).searchParams.has('proxy'), 'a proxy is not supported')
    .optional(),
  MAIL_FROM: z.string().default('Turnout <no-reply@turnout.local>'),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  /** Where the Twilio SDK sends requests (tests point it at a local fake). */
  TWILIO_API_BASE_URL: z.url().optional(),
  /** Where the Stripe SDK sends requests (tests point it at a local fake), e.g. http://127.0.0.1:12111. */
  STRIPE_API_URL: z.url().optional(),
  /**
   * Who takes card payments for paid events (docs/decisions/0015-payments.md): 'stripe' (each event's
   * own keys) or 'sandbox' (a local checkout page, no network: demos and tests). Unset: 'stripe' in
   * production, else 'sandbox'.
   */
  PAYMENTS_PROVIDER: z.enum(['stripe', 'sandbox']).optional(),
  /** How long a pending paid answer holds its seats while its guest is at the checkout. */
  PAYMENT_HOLD_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT: bool.default(true),
  /** Take the client address from X-Forwarded-For (behind reverse proxies); see TRUST_PROXY_HOPS. */
  TRUST_PROXY: bool.default(false),
  /**
   * With TRUST_PROXY: how many proxies in front of the app append to X-Forwarded-For. The client is the
   * entry the outermost of them appended, the TRUST_PROXY_HOPS-th from the right (1: the rightmost);
   * entries left of it are the client's own and never trusted.
   */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(1).max(20).default(1),
  OUTBOX_WORKER: bool.default(true),
  OUTBOX_POLL_MS: z.coerce.number().int().min(10).default(1000),
  /** How long a claimed message is a worker's; a worker that died mid-delivery frees it then. */
  OUTBOX_LEASE_MS: z.coerce.number().int().min(1000).default(300_000),
  /**
   * How long a running guest-list or SMS job is its worker's past its last batch; after a crash another
   * process (or the restarted one) resumes it once this has passed. Longer than any one batch takes.
   */
  JOB_LEASE_MS: z.coerce.number().int().min(1000).default(60_000),
  /** Deliveries one worker has in flight at once (and SMTP connections it keeps open). */
  OUTBOX_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(4),
  /**
   * Webhook endpoints on private, loopback, link-local or metadata addresses (docs/decisions/0030-webhooks.md):
   * refused unless this is on. Unset: on outside production (a receiver on this machine), off in production.
   */
  WEBHOOKS_ALLOW_PRIVATE: bool.optional(),
  /** Production without SMTP_URL: keep e-mail in the dev mailbox on purpose (otherwise start-up refuses). */
  DEV_MAILBOX: bool.default(false),
  /** Bearer token for GET /metrics (Prometheus text); without it /metrics answers 404. At least 16 characters. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** A session unused this long ends (docs/product.md#sessions); each use within it extends it. */
  SESSION_IDLE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(24 * 14),
  /** A session ends this long after sign-in however often it is used. */
  SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(365).default(90),
  /**
   * The test suite's cheap password hash instead of scrypt (auth/fast-password-hash.ts). Only with
   * NODE_ENV=test: start-up refuses it anywhere else.
   */
  TEST_FAST_PASSWORD_HASH: bool.default(false),
});

export type Env = Omit<z.infer<typeof EnvSchema>, 'AUTH_SECRET' | 'ENCRYPTION_KEY' | 'TICKET_SIGNING_KEY' | 'WEBHOOKS_ALLOW_PRIVATE'> & {
  PUBLIC_BASE_URL: string;
  WEBHOOKS_ALLOW_PRIVATE: boolean;
  AUTH_SECRET: string;
  ENCRYPTION_KEY: Buffer;
  TICKET_SIGNING_KEY: string;
};

export class EnvError extends Error {}

/** Reads and checks the environment once; throws EnvError with one readable line per problem. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if (env.DATABASE_DIRECT_URL && !env.DATABASE_URL)
    throw new EnvError('Invalid configuration:\n  DATABASE_DIRECT_URL: only with DATABASE_URL (the pooled URL it goes beside)');
  if (env.TEST_FAST_PASSWORD_HASH && env.NODE_ENV !== 'test')
    throw new EnvError('Invalid configuration:\n  TEST_FAST_PASSWORD_HASH: only for the test suite (NODE_ENV=test)');
  assertProductionSettings(env);
  const secrets = resolveSecrets(env);
  return {
    ...env,
    PUBLIC_BASE_URL: (env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    WEBHOOKS_ALLOW_PRIVATE: env.WEBHOOKS_ALLOW_PRIVATE ?? env.NODE_ENV !== 'production',
    ...secrets,
  };
}

const NEW_SECRET = 'e.g. openssl rand -hex 32';
/** What production must be given (never defaulted or generated there), with a hint for each. */
const REQUIRED_IN_PRODUCTION = {
  PUBLIC_BASE_URL: 'the public origin, e.g. https://events.example.com',
  AUTH_SECRET: NEW_SECRET,
  ENCRYPTION_KEY: NEW_SECRET,
  TICKET_SIGNING_KEY: NEW_SECRET,
} as const;

/** In production every missing setting is one line of the error, all at once. */
function assertProductionSettings(env: z.infer<typeof EnvSchema>) {
  if (env.NODE_ENV !== 'production') return;
  const missing: [string, string][] = Object.entries(REQUIRED_IN_PRODUCTION).filter(
    ([name]) => !env[name as keyof typeof REQUIRED_IN_PRODUCTION],
  );
  // Guests would be told a confirmation is on its way while it only reaches the dev mailbox (ADR 0016).
  if (!env.SMTP_URL && !env.DEV_MAILBOX)
    missing.push(['SMTP_URL', 'e.g. smtps://user:pass@mail.example.com:465, or DEV_MAILBOX=true to keep e-mail in the app']);
  if (!missing.length) return;
  throw new EnvError(`Invalid configuration:\n${missing.map(([name, hint]) => `  ${name}: required in production (${hint})`).join('\n')}`);
}

function parseKey(raw: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
  if (key.length !== 32) throw new EnvError('Invalid configuration:\n  ENCRYPTION_KEY: must be 32 bytes (64 hex characters or base64)');
  return key;
}

/**
 * Production needs every secret from the environment (assertProductionSettings). Elsewhere missing
 * ones are generated once and kept in DATA_DIR/secrets.json (mode 0600), so a fresh checkout runs
 * with no configuration.
 */
function resolveSecrets(env: z.infer<typeof EnvSchema>) {
  const names = ['AUTH_SECRET', 'ENCRYPTION_KEY', 'TICKET_SIGNING_KEY'] as const;
  const missing = names.filter((n) => !env[n]);
  let stored: Record<string, string> = {};
  if (missing.length) {
    const file = path.resolve(env.DATA_DIR, 'secrets.json');
    if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8'));
    const fresh = missing.filter((n) => !stored[n]);
    if (fresh.length) {
      for (const n of fresh) stored[n] = randomBytes(32).toString('hex');
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
      chmodSync(file, 0o600);
    }
  }
  const pick = (n: (typeof names)[number]) => (env[n] ?? stored[n]) as string;
  return {
    AUTH_SECRET: pick('AUTH_SECRET'),
    ENCRYPTION_KEY: parseKey(pick('ENCRYPTION_KEY')),
    TICKET_SIGNING_KEY: pick('TICKET_SIGNING_KEY'),
  };
}
