import { type GuestStatus, PASSWORD_MAX, PASSWORD_MIN } from './constants.ts';

/** User-facing texts (docs/product.md#messages): one place, shared by server validation and the browser. */
export const MSG = {
  missingInformation: 'Missing Information',
  rsvpMissing: 'Please fill in your name and email address.',
  invalidEmail: 'Invalid Email',
  invalidEmailText: 'Please enter a valid email address.',
  paymentNotAvailable: 'Payment Not Available',
  paymentNotAvailableText: 'Payment processing is not configured for this event. Please contact the event organizer.',
  rsvpSubmitted: 'RSVP Submitted!',
  rsvpSubmittedText: 'Thank you for your response. We look forward to seeing you at the event.',
  /** A decline's toast: never "We look forward to seeing you" (docs/product.md#rsvp-dialog). */
  rsvpDeclinedText: "Thank you for letting the host know you can't make it.",
  legacySubmitted: 'RSVP Submitted',
  legacySubmittedText: 'Thanks for your response!',
  error: 'Error',
  rsvpFailed: 'Failed to submit your RSVP. Please try again.',
  submissionFailed: 'Submission Failed',
  submitFailed: 'Failed to submit. Please try again.',
  preferredNameRequired: 'Please enter your preferred name',
  phoneRequired: 'Please enter your phone number',
  eventMissing: 'Please fill in the title and event date.',
  saveEventFailed: 'Failed to save event. Please try again.',
  loadEventsFailed: 'Failed to load events.',
  deleteEventFailed: 'Failed to delete event.',
  emailAlreadyAdded: 'Email Already Added',
  emailAlreadyAddedText: 'This email is already in the host list.',
  noEventIdentifier: 'No event identifier provided',
  eventNotFound: 'Event not found',
  loadEventFailed: 'Failed to load event',
  userNotAuthenticated: 'User not authenticated',
  authRequired: 'Authentication required',
  sessionExpired: 'Session expired',
  capacityReached: 'Sorry, this event is full.',
  eventEnded: 'This event has ended',
  eventEndedText: 'This event has ended, so it no longer takes RSVPs or changes.',
  manageLinkInvalid:
    'This link is no longer valid. It may have been replaced after a cancellation: use the newest e-mail, or ask for your links again.',
  passwordTooLong: `Use at most ${PASSWORD_MAX} characters.`,
  networkError: 'Cannot reach the server. Check your connection and try again.',
  serviceUnavailable: 'The service is briefly unavailable. Please try again in a moment.',
  unexpectedError: 'Something went wrong. Please try again.',
  tryAgain: 'Try again',
  goBack: 'Go Back',
  eventNotFoundTitle: 'Event Not Found',
  pageNotFound: 'Oops! Page not found',
  returnHome: 'Return to Home',
  pageLoadFailed: 'This page could not be loaded.',
  checkConnection: 'Check your connection and try again.',
} as const;

/** An RSVP status as a label: event cards, guest list, ticket and e-mails alike (docs/product.md#rsvp-status). */
export const RSVP_STATUS_LABEL = {
  confirmed: 'Going',
  maybe: 'Maybe',
  declined: "Can't go",
  waitlisted: 'Waitlist',
  offered: 'Seats offered',
} as const satisfies Record<GuestStatus, string>;

/** Sign-in of an account the owner deactivated (docs/product.md#people): only after the right password. */
/** A TOTP code is accepted once (docs/product.md#two-factor-sign-in). */
export const TOTP_CODE_USED = 'That code was used already. Wait for the next one in your authenticator app.';
export const ACCOUNT_DEACTIVATED = 'This account has been deactivated. Ask the owner of this Turnout to reactivate it.';

/**
 * A change of e-mail to an address that an event's team or an invitation is waiting for (docs/product.md#account):
 * that place is for whoever holds the address's invitation, not for an account that moves onto it.
 */
export const EMAIL_HAS_PENDING_PLACE =
  'This address has an open Turnout invitation. Accept it from that inbox, or ask the owner to invite this account instead.';

/**
 * A second identical server job while the first is queued or running (docs/product.md#guest-list): the
 * answer's `fields.job_id` names the running one, whose progress the screen then follows.
 */
export const JOB_ALREADY_RUNNING = {
  'send-tickets': 'These tickets are already being e-mailed: the progress of that job is shown.',
  'qr-backfill': 'The same QR backfill is already running: the progress of that job is shown.',
  'send-sms': 'The same messages are already being sent: the progress of that job is shown.',
  'guest-import': 'This file is already importing: the progress of that import is shown.',
} as const;

/** The SMS sandbox sends real texts outside any event: the instance owner's tool (docs/product.md#sms-sandbox). */
export const SMS_SANDBOX_OWNER_ONLY = 'Only the owner of this Turnout can send test SMS.';

/** A user without two-factor sign-in managing a paid event while the owner requires it (docs/product.md#people). */
export const TWO_FACTOR_REQUIRED =
  'The owner of this Turnout requires two-factor sign-in to manage paid events. Turn it on in your account, then try again.';

/**
 * The guest list's, QR tools' and backfill's texts (docs/product.md#messages): admin screens only, so
 * kept out of MSG and out of the guest pages' first load.
 */
export const GUEST_LIST_MSG = {
  loadRsvpsFailed: 'Failed to load RSVPs.',
  loadGuestListFailed: 'Failed to load guest list',
  connectionError: 'Connection Error',
  loadRsvpDataRetrying: 'Failed to load RSVP data. Retrying in 3 seconds...',
  qrGenerated: 'QR Code Generated',
  qrGenerateFailed: 'Failed to generate QR code image.',
  qrFetchFailed: 'Failed to fetch QR code data.',
  shortLinkReady: 'Short Link Ready',
  shortLinkFailed: 'Failed to create short link.',
  qrSent: 'QR Code Sent',
  qrSendFailed: 'Failed to send QR code email.',
  qrRegenerateFailed: 'Failed to regenerate QR images.',
  backfillFailed: 'Backfill failed',
  noQrCode: 'No QR Code',
  noQrCodeText: 'Please generate a QR code first.',
  guestNoEmail: 'This guest has no e-mail address.',
  selectEvent: 'Select Event',
  selectEventText: 'Please select an event first',
  noRecipients: 'No recipients selected',
} as const;

/** 'QR images regenerated (Processed n, updated m)': the backfill's result. */
export const qrImagesRegenerated = (processed: number, updated: number) =>
  `QR images regenerated (Processed ${processed}, updated ${updated})`;

/**
 * Kept out of MSG: guest pages ship MSG on first load and never ask for a password, so this text stays
 * out of their budget (docs/product.md#performance-targets).
 */
export const PASSWORD_TOO_SHORT = `Use at least ${PASSWORD_MIN} characters.`;

/** The host line of event pages and e-mails (docs/product.md#public-event-page). */
export const hostedBy = (name: string) => `Hosted by ${name}`;

/** An account's display name left empty (owner set-up, invitations, the account page). */
export const NAME_REQUIRED = 'Please enter your name.';
