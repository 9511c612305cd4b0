import { describe, expect, it } from 'vitest';
import { publicOriginRedirect } from './public-origin.ts';

const doc = (content: string | null) => ({
  querySelector: () => (content === null ? null : ({ getAttribute: () => content } as unknown as Element)),
});
const here = { origin: 'http://10.0.0.5:3000', pathname: '/ticket-verification/abc', search: '?event=e1', hash: '' };

describe('publicOriginRedirect', () => {
  it('moves to the public origin keeping path and query', () => {
    expect(publicOriginRedirect(here, doc('https://events.example.com'))).toBe(
      'https://events.example.com/ticket-verification/abc?event=e1',
    );
  });

  it('stays when already there, or when the origin is unknown or garbled', () => {
    expect(publicOriginRedirect(here, doc('http://10.0.0.5:3000'))).toBeNull();
    expect(publicOriginRedirect(here, doc(null))).toBeNull();
    expect(publicOriginRedirect(here, doc('not a url'))).toBeNull();
  });
});
