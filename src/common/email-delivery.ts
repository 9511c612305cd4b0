/**
 * Whether this server's e-mail reaches anyone (docs/product.md#e-mails): 'smtp' when SMTP_URL is set,
 * 'dev_mailbox' when it is kept in the app's dev mailbox (DEV_MAILBOX=true, or any non-production run
 * without SMTP). Every answer after which a guest would be told "an e-mail is on its way" carries it as
 * `email_delivery`, and the page says something true instead when nothing will arrive.
 */
export const EMAIL_DELIVERIES = ['smtp', 'dev_mailbox'] as const;
export type EmailDelivery = (typeof EMAIL_DELIVERIES)[number];

/** The server's mode, from its SMTP_URL. */
export const emailDeliveryOf = (env: { SMTP_URL?: string | undefined }): EmailDelivery => (env.SMTP_URL ? 'smtp' : 'dev_mailbox');

/** Why nothing reaches anyone: the one wording guests and hosts are both told. */
const NOT_SENDING = 'This site does not send e-mail yet';

/** What a guest is told in place of an e-mail that is only kept in the dev mailbox. */
export const NO_EMAIL_SENT = `${NOT_SENDING}, so no e-mail will reach you.`;

/** What a host is told in place of "sent to {to}" when the e-mail is only kept in the dev mailbox. */
export const notSentTo = (to: string) => `${NOT_SENDING}, so nothing reaches ${to}: the e-mail is kept in the dev mailbox.`;
