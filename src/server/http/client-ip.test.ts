import { describe, expect, it } from 'vitest';
import { forwardedClient, normaliseIp } from './client-ip.ts';

describe('forwardedClient', () => {
  it('takes the entry the outermost trusted proxy appended: the hops-th from the right', () => {
    expect(forwardedClient('1.2.3.4, 9.9.9.9', 1)).toBe('9.9.9.9');
    expect(forwardedClient('1.2.3.4, 9.9.9.9, 10.0.0.2', 2)).toBe('9.9.9.9');
    expect(forwardedClient('forged, 5.6.7.8, 9.9.9.9, 10.0.0.2', 3)).toBe('5.6.7.8');
    expect(forwardedClient('203.0.113.7', 1)).toBe('203.0.113.7');
  });

  it('never takes a client-supplied entry left of it', () => {
    for (const forged of ['1.2.3.4', '5.6.7.8', '::1']) expect(forwardedClient(`${forged}, 9.9.9.9`, 1)).toBe('9.9.9.9');
  });

  it('falls back to the leftmost entry when there are fewer entries than hops', () => {
    expect(forwardedClient('9.9.9.9', 2)).toBe('9.9.9.9');
    expect(forwardedClient('9.9.9.9, 10.0.0.2', 3)).toBe('9.9.9.9');
  });

  it('ignores a missing header and junk (the caller then uses the socket address)', () => {
    expect(forwardedClient(undefined, 1)).toBeUndefined();
    expect(forwardedClient('', 1)).toBeUndefined();
    expect(forwardedClient('1.2.3.4, unknown', 1)).toBeUndefined();
    expect(forwardedClient('1.2.3.4,', 1)).toBeUndefined();
    expect(forwardedClient('1.2.3.4, <script>', 1)).toBeUndefined();
    expect(forwardedClient('999.1.1.1', 1)).toBeUndefined();
  });
});

describe('normaliseIp', () => {
  it('gives one spelling per address', () => {
    expect(normaliseIp('  9.9.9.9 ')).toBe('9.9.9.9');
    expect(normaliseIp('9.9.9.9:51234')).toBe('9.9.9.9');
    expect(normaliseIp('[2001:DB8::1]:443')).toBe('2001:db8::1');
    expect(normaliseIp('2001:DB8::1')).toBe('2001:db8::1');
    expect(normaliseIp('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(normaliseIp('not-an-ip')).toBeUndefined();
  });
});
