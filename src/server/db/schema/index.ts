export * from './auth.ts';
export * from './events.ts';
export * from './outbox.ts';
export * from './rsvps.ts';
export * from './rate-limits.ts';
export * from './checkins.ts';
export * from './guests.ts';
export * from './sms.ts';
