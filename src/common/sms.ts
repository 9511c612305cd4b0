import { SMS_MAX_CHARS } from './constants.ts';

/** Texts of the SMS features (docs/product.md#sms); kept out of MSG and the guest pages' first load. */
export const SMS_MSG = {
  noPhone: 'No Phone Number',
  noPhoneText: 'This guest has no phone number.',
  messageEmpty: 'Message cannot be empty',
  noRecipients: 'No recipients selected',
  tooLong: `Please shorten your message to ${SMS_MAX_CHARS} characters or less.`,
  sandboxRequired: 'Phone number and message are required',
  smsError: 'SMS Error',
  smsErrorText: 'Failed to send SMS. Please try again.',
  sendingFailed: 'SMS Sending Failed',
  sendingFailedText: 'Failed to send SMS. Check console for details.',
  notConfigured: 'SMS is not configured: set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM on the server.',
  bulkError: 'Error',
  bulkErrorText: 'Failed to send messages',
  partialSuccess: 'Partial Success',
  jobNotFound: 'Job not found',
  queued: 'SMS queued',
  keptInMailbox: 'SMS kept in the dev mailbox',
  messagesKept: 'Messages kept in the dev mailbox',
  notResent: 'Not sent again',
  historyEmpty: 'No messages sent for this event yet.',
  historyFailed: 'The message history could not be loaded.',
} as const;

/** Where this server's texts go: Twilio when configured, else the dev mailbox (docs/product.md#sms). */
export const SMS_CHANNELS = ['twilio', 'dev_mailbox'] as const;

/** A guest's ticket SMS refused by its once-a-minute limit (send-guest-sms.ts): nothing new was queued. */
export const notResentText = (to: string) => `A text went to ${to} less than a minute ago; nothing more was sent. Try again in a minute.`;

/** A ticket SMS that Twilio will deliver: queued in the outbox, not yet delivered. */
export const smsQueuedText = (to: string) => `The ticket link will be texted to ${to} in a moment; its status shows on the guest's row.`;

/** 'Partial Success' (n sent, m failed), plus the texts whose outcome is unknown (docs/decisions/0017-sms.md) when any. */
export const partialSuccessText = (sent: number, failed: number, unknown = 0) =>
  `${sent} sent, ${failed} failed${unknown ? `, ${unknown} unknown` : ''}`;

/** The ticket SMS of one guest: the event's name and the ticket's short link. */
export const ticketSmsText = (eventTitle: string, shortUrl: string) => `Your ticket for ${eventTitle}: ${shortUrl}`;

// GSM 03.38 basic set and its extension (each extension character takes two septets: escape + code).
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM_EXTENDED = new Set('^{}\\[~]|€\f');

export type SmsCount = {
  encoding: 'GSM-7' | 'UCS-2';
  /** What the 1,600-character limit counts (SMS_MAX_CHARS): see smsLength. */
  length: number;
  segments: number;
};

/**
 * The one definition of an SMS's length (live count, form check, server schema; ADR 0017): the trimmed
 * text in the units its encoding spends, as Twilio's 1,600 limit fills: GSM-7 septets (two for an
 * extension character), else UTF-16 code units. Never below the visible characters.
 */
export function countSms(text: string): SmsCount {
  const chars = [...text.trim()];
  let septets = 0;
  let ucs = false;
  for (const ch of chars) {
    if (GSM_BASIC.has(ch)) septets += 1;
    else if (GSM_EXTENDED.has(ch)) septets += 2;
    else {
      ucs = true;
      break;
    }
  }
  // Units a character takes; a part never splits one (an escape pair or a surrogate pair).
  const cost = ucs ? (ch: string) => ch.length : (ch: string) => (GSM_EXTENDED.has(ch) ? 2 : 1);
  const length = ucs ? chars.reduce((n, ch) => n + ch.length, 0) : septets;
  const [single, part] = ucs ? [70, 67] : [160, 153];
  let segments = 0;
  if (length > single) {
    let used = part;
    for (const ch of chars) {
      const c = cost(ch);
      if (used + c > part) {
        segments += 1;
        used = 0;
      }
      used += c;
    }
  } else if (length > 0) segments = 1;
  return { encoding: ucs ? 'UCS-2' : 'GSM-7', length, segments };
}

/** An SMS's length as the 1,600-character limit counts it (countSms). */
export const smsLength = (text: string) => countSms(text).length;
/** Over the spec's 1,600 characters: 'Please shorten your message to 1600 characters or less.' */
export const smsTooLong = (text: string) => smsLength(text) > SMS_MAX_CHARS;
