import { GUEST_LIST_MSG, qrImagesRegenerated } from '../../../common/messages.ts';

/**
 * The guest list's texts (docs/product.md#messages): the shared ones from src/common/messages.ts, plus
 * the few only this screen says.
 */
export const GUEST_MSG = {
  ...GUEST_LIST_MSG,
  backfillDone: qrImagesRegenerated,
  /** Email QR when this site keeps its e-mail in the dev mailbox (mail-notice.ts). */
  qrNotEmailed: 'QR Code Not E-mailed',
  /** Email QR again within a minute: the server makes no second e-mail (mail-notice.ts). */
  qrNotResent: 'Not Sent Again',
  backfillDryRun: (processed: number, updated: number) => `Dry run finished (Processed ${processed}, would update ${updated})`,
} as const;
