import { GUEST_LIST_MSG, qrImagesRegenerated } from '../../../common/messages.ts';

/**
 * The guest list's texts (docs/product.md#messages): the shared ones from src/common/messages.ts, plus
 * the few only this screen says.
 */
export const GUEST_MSG = {
  ...GUEST_LIST_MSG,
  backfillDone: qrImagesRegenerated,
  backfillDryRun: (processed: number, updated: number) => `Dry run finished (Processed ${processed}, would update ${updated})`,
} as const;
