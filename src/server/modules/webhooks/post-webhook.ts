import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { type ResolvedAddress, resolveAllowed } from './ssrf.ts';

/** A receiver has this long to answer (Standard Webhooks suggests short timeouts; the work belongs in its queue). */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** The first characters of an answer kept for the delivery log. */
export const EXCERPT_CHARS = 500;

export type PostOutcome =
  | { ok: boolean; status: number; excerpt: string; durationMs: number }
  | { ok: false; status: null; error: string; durationMs: number };

/**
 * A lookup that answers only the addresses checked beforehand: the connection goes where the SSRF check
 * looked, whatever the name resolves to a moment later.
 */
function pinned(addresses: ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const cb = callback as (err: Error | null, address: string | ResolvedAddress[], family?: number) => void;
    if ((options as { all?: boolean }).all) cb(null, addresses);
    else cb(null, addresses[0]!.address, addresses[0]!.family);
  };
}

/**
 * POSTs one signed message and reads the first EXCERPT_CHARS of the answer. Never follows a redirect (a
 * 3xx is a failure: the host fixes the URL). Resolves with the outcome; throws nothing.
 */
export async function postWebhook(o: {
  url: string;
  headers: Record<string, string>;
  body: string;
  allowPrivate: boolean;
  timeoutMs?: number;
}): Promise<PostOutcome> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  const url = new URL(o.url);
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolveAllowed(url.hostname, o.allowPrivate);
  } catch (err) {
    return { ok: false, status: null, error: (err as Error).message, durationMs: took() };
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<PostOutcome>((resolve) => {
    let settled = false;
    const done = (outcome: PostOutcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: {
          ...o.headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(o.body),
          'user-agent': 'Turnout-Webhooks/1',
        },
        lookup: pinned(addresses),
        timeout: o.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
          // Enough for the log: the rest of a large answer is not read.
          if (text.length >= EXCERPT_CHARS) {
            res.destroy();
            finish();
          }
        });
        const finish = () => done({ ok: status >= 200 && status < 300, status, excerpt: text.slice(0, EXCERPT_CHARS), durationMs: took() });
        res.on('end', finish);
        res.on('close', finish);
        res.on('error', finish);
      },
    );
    req.on('timeout', () => {
      req.destroy(new Error(`no answer within ${Math.round((o.timeoutMs ?? WEBHOOK_TIMEOUT_MS) / 1000)} s`));
    });
    req.on('error', (err) => done({ ok: false, status: null, error: err.message.slice(0, EXCERPT_CHARS), durationMs: took() }));
    req.end(o.body);
  });
}
