/** How the host's reminder screen names a reminder and what became of it (docs/product.md#reminders). */

/** The times the reminder picker offers, in minutes before the start; the API takes any from 15 minutes to 30 days. */
export const REMINDER_PRESETS = [30, 60, 120, 180, 360, 720, 1440, 2880, 4320, 10080] as const;

const unit = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** 1440 → '1 day before', 90 → '1 hour 30 minutes before', 10080 → '1 week before'. */
export function reminderLabel(minutes: number): string {
  if (minutes % 10080 === 0) return `${unit(minutes / 10080, 'week')} before`;
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  const parts = [days ? unit(days, 'day') : '', hours ? unit(hours, 'hour') : '', mins ? unit(mins, 'minute') : ''].filter(Boolean);
  return `${parts.join(' ')} before`;
}

/** 'Sent to 12 guests · 3 texts', 'Sent · nobody to remind'. */
export function sentText(emails: number, texts: number): string {
  if (emails === 0 && texts === 0) return 'Sent · nobody to remind';
  const mail = emails ? `e-mailed ${unit(emails, 'guest')}` : '';
  const sms = texts ? unit(texts, 'text') : '';
  return `Sent · ${[mail, sms].filter(Boolean).join(', ')}`;
}
