import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where webhooks may not go (docs/decisions/0030-webhooks.md): this machine, the private networks, link-local
 * (the cloud metadata service at 169.254.169.254 among them), unique-local, multicast and reserved ranges.
 * Checked when an endpoint is saved and again on every delivery, against the very addresses the connection
 * then uses (post-webhook.ts pins them), so a name that resolves elsewhere later (DNS rebinding) gains nothing.
 */
const refused = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  refused.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  refused.addSubnet(net, bits, 'ipv6');

/** The IPv4 address inside an IPv4-mapped, -compatible or NAT64 IPv6 address, if it is one. */
function embeddedIpv4(address: string): string | undefined {
  const m = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (m) return m[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return undefined;
  const [hi, lo] = [Number.parseInt(hex[1]!, 16), Number.parseInt(hex[2]!, 16)];
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** True when `address` (an IP literal) is one webhooks may not reach. */
export function isRefusedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return refused.check(address, 'ipv4');
  if (family !== 6) return true;
  const v4 = embeddedIpv4(address);
  if (v4) return refused.check(v4, 'ipv4');
  return refused.check(address, 'ipv6');
}

export const MSG_PRIVATE_ADDRESS =
  'This address leads to a private, local or reserved network, where Turnout does not send webhooks. Use a public address.';
export const MSG_UNRESOLVED = 'This host name does not resolve to an address: check the spelling.';

export class RefusedAddressError extends Error {
  constructor(readonly reason: 'private' | 'unresolved') {
    super(reason === 'private' ? MSG_PRIVATE_ADDRESS : MSG_UNRESOLVED);
    this.name = 'RefusedAddressError';
  }
}

export type ResolvedAddress = { address: string; family: number };

/**
 * The addresses a webhook to `hostname` may connect to: all of them, or a RefusedAddressError when any is
 * refused (a name with one public and one private address could be steered to the private one). With
 * `allowPrivate` (development, tests) nothing is refused.
 */
export async function resolveAllowed(hostname: string, allowPrivate: boolean): Promise<ResolvedAddress[]> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  let addresses: ResolvedAddress[];
  if (family) addresses = [{ address: bare, family }];
  else {
    try {
      addresses = await dnsLookup(bare, { all: true, verbatim: true });
    } catch {
      throw new RefusedAddressError('unresolved');
    }
  }
  if (addresses.length === 0) throw new RefusedAddressError('unresolved');
  if (!allowPrivate && addresses.some((a) => isRefusedAddress(a.address))) throw new RefusedAddressError('private');
  return addresses;
}
