import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks signatures (docs/decisions/0030-webhooks.md): a secret is `whsec_` + base64 of 24 random
 * bytes; a message is signed as `v1,` + base64(HMAC-SHA256(key, `${id}.${timestamp}.${body}`)), the key being
 * the secret's bytes. Written here from the specification; the tests verify it with the `svix` package's
 * verifier, another implementation.
 */
const PREFIX = 'whsec_';

export function newWebhookSecret(): string {
  return `${PREFIX}${randomBytes(24).toString('base64')}`;
}

function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
}

/** The webhook-signature header: one `v1,…` per secret (the current one, and the previous one during its grace), space-separated. */
export function signatureHeader(secrets: readonly string[], id: string, timestampSecs: number, body: string): string {
  return secrets.map((s) => `v1,${createHmac('sha256', keyOf(s)).update(`${id}.${timestampSecs}.${body}`).digest('base64')}`).join(' ');
}
