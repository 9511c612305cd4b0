/**
 * The host screens' counterpart of NO_EMAIL_SENT (email-delivery.ts), the one wording for them: what a
 * host is told in place of "on its way" when a message only went to the dev mailbox (no SMTP_URL for
 * e-mail, no Twilio for SMS; docs/product.md#sms). A file of its own, so the guest pages' first load,
 * which carries email-delivery.ts, does not carry it.
 */
export const notDeliveredText = (kind: 'e-mail' | 'SMS', to: string) =>
  `This site does not send ${kind} yet, so no ${kind} will reach ${to}: it is kept in the dev mailbox.`;
