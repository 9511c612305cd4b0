import { describe, expect, it } from 'vitest';
import { reminderLabel, sentText } from './reminder-words.ts';

describe('reminder words', () => {
  it('names a reminder by its lead time', () => {
    expect(reminderLabel(1440)).toBe('1 day before');
    expect(reminderLabel(120)).toBe('2 hours before');
    expect(reminderLabel(30)).toBe('30 minutes before');
    expect(reminderLabel(90)).toBe('1 hour 30 minutes before');
    expect(reminderLabel(2 * 1440 + 60)).toBe('2 days 1 hour before');
    expect(reminderLabel(10080)).toBe('1 week before');
  });

  it('says what a sent reminder reached', () => {
    expect(sentText(12, 3)).toBe('Sent · e-mailed 12 guests, 3 texts');
    expect(sentText(1, 0)).toBe('Sent · e-mailed 1 guest');
    expect(sentText(0, 0)).toBe('Sent · nobody to remind');
  });
});
