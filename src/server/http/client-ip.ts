import { isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppEnv } from './context.ts';

/**
 * The client's address, the key of per-IP rate limits. Behind TRUST_PROXY_HOPS trusted proxies it is
 * the X-Forwarded-For entry the outermost of them appended (forwardedClient); otherwise, or when that
 * entry is not an address, the socket's peer.
 */
export function clientIp(c: Context<AppEnv>): string {
  const { TRUST_PROXY, TRUST_PROXY_HOPS } = c.get('deps').env;
  if (TRUST_PROXY) {
    const forwarded = forwardedClient(c.req.header('x-forwarded-for'), TRUST_PROXY_HOPS);
    if (forwarded) return forwarded;
  }
  try {
    return normaliseIp(getConnInfo(c).remote.address ?? '') ?? 'unknown';
  } catch {
    return 'local'; // app.request() in tests has no socket
  }
}

/**
 * Each proxy appends the address it received the request from, so with `hops` trusted proxies the
 * client is the hops-th entry from the right; everything left of it was sent by the client and can be
 * anything. A shorter header (a hop that did not append) falls back to its leftmost entry. Undefined
 * when there is no header or the chosen entry is not an IP address.
 */
export function forwardedClient(header: string | undefined, hops: number): string | undefined {
  if (!header) return undefined;
  const entries = header.split(',');
  const entry = entries.length >= hops ? entries[entries.length - hops] : entries[0];
  return entry === undefined ? undefined : normaliseIp(entry);
}

/**
 * One spelling per address: trimmed, a port or IPv6 brackets dropped, IPv6 lower-cased, an IPv4-mapped
 * IPv6 address as plain IPv4. Undefined when it is not an IP address.
 */
export function normaliseIp(raw: string): string | undefined {
  let ip = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(ip);
  if (bracketed) ip = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(ip)) ip = ip.slice(0, ip.indexOf(':'));
  ip = ip.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  if (mapped) ip = mapped[1]!;
  return isIP(ip) ? ip : undefined;
}
