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
} as const;

/** 'Partial Success' (n sent, m failed), plus the texts whose outcome is unknown (docs/decisions/0017-sms.md) when any. */
export const partialSuccessText = (sent: number, failed: number, unknown = 0) =>
  `${sent} sent, ${failed} failed${unknown ? `, ${unknown} unknown` : ''}`;

/** The Messaging screen's default text: an invitation to a sample event (docs/product.md#messaging). */
export const DEFAULT_BULK_SMS =
  "You're invited! Join us for Summer Garden Party on Saturday, July 12 at 6 PM at Riverside Park. Reply to let us know if you can make it. See you there!";

/** The ticket SMS of one guest: the event's name and the ticket's short link. */
export const ticketSmsText = (eventTitle: string, shortUrl: string) => `Your ticket for ${eventTitle}: ${shortUrl}`;

// GSM 03.38 basic set and its extension (each extension character takes two septets).
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM_EXTENDED = new Set('^{}\\[~]|€\f');

export type SmsCount = { encoding: 'GSM-7' | 'UCS-2'; characters: number; units: number; segments: number };

/**
 * Characters and segments of a text as a carrier counts them: GSM-7 while every character is in the
 * GSM set (160 a single message, 153 a part), else UCS-2 (70, 67; a character outside the BMP takes two units).
 */
export function countSms(text: string): SmsCount {
  const chars = [...text];
  let gsm = 0;
  let ucs = false;
  for (const ch of chars) {
    if (GSM_BASIC.has(ch)) gsm += 1;
    else if (GSM_EXTENDED.has(ch)) gsm += 2;
    else {
      ucs = true;
      break;
    }
  }
  const units = ucs ? text.length : gsm;
  const [single, part] = ucs ? [70, 67] : [160, 153];
  const segments = units === 0 ? 0 : units <= single ? 1 : Math.ceil(units / part);
  return { encoding: ucs ? 'UCS-2' : 'GSM-7', characters: chars.length, units, segments };
}
