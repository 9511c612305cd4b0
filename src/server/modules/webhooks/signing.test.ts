import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signatureHeader } from './signing.ts';

describe('Standard Webhooks signatures', () => {
  it("sign id.timestamp.body with the secret's bytes, one v1 per secret", () => {
    const secret = `whsec_${Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')}`;
    const expected = createHmac('sha256', Buffer.from('0123456789abcdef0123456789abcdef'))
      .update('msg_1.1700000000.{"a":1}')
      .digest('base64');
    expect(signatureHeader([secret], 'msg_1', 1700000000, '{"a":1}')).toBe(`v1,${expected}`);
    expect(signatureHeader([secret, newWebhookSecret()], 'msg_1', 1700000000, '{"a":1}').split(' ')).toHaveLength(2);
  });

  it('makes whsec_ secrets of 24 random bytes', () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(a.slice(6), 'base64')).toHaveLength(24);
    expect(newWebhookSecret()).not.toBe(a);
  });
});
