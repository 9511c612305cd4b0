/**
 * The guest list's texts (docs/product.md#messages): the browser's only, so they live with the feature.
 * The spec's wording is kept where it gives one.
 */
export const GUEST_MSG = {
  loadFailed: 'Failed to load RSVPs.',
  connectionError: 'Connection Error',
  retrying: 'Failed to load RSVP data. Retrying in 3 seconds...',
  loadGuestListFailed: 'Failed to load guest list',
  qrGenerated: 'QR Code Generated',
  qrGenerateFailed: 'Failed to generate QR code image.',
  qrFetchFailed: 'Failed to fetch QR code data.',
  shortLinkReady: 'Short Link Ready',
  shortLinkFailed: 'Failed to create short link.',
  qrSent: 'QR Code Sent',
  qrSendFailed: 'Failed to send QR code email.',
  backfillDone: (processed: number, updated: number) => `QR images regenerated (Processed ${processed}, updated ${updated})`,
  backfillDryRun: (processed: number, updated: number) => `Dry run finished (Processed ${processed}, would update ${updated})`,
  backfillRegenFailed: 'Failed to regenerate QR images.',
  backfillFailed: 'Backfill failed',
  noRecipients: 'No recipients selected',
  selectEvent: 'Select Event',
  selectEventText: 'Please select an event first',
} as const;
