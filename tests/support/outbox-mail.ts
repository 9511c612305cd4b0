import type { QueuedEmail, SendableEmail } from '../../src/server/db/schema/outbox.ts';
import { sendableEmail } from '../../src/server/modules/outbox/sendable-email.ts';

/** An outbox row's e-mail as it goes out: a confirmation queued as its input rendered, the QR drawn. */
export const mailOf = (payload: unknown): SendableEmail => sendableEmail(payload as QueuedEmail);
