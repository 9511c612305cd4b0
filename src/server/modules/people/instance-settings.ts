import { eq } from 'drizzle-orm';
import type { TInstanceSettingsPatch } from '../../../common/schemas/people.ts';
import type { TInstanceSettings } from '../../../common/schemas/people.responses.ts';
import type { DbOrTx } from '../../db/client.ts';
import { instance_settings } from '../../db/schema/settings.ts';
import type { Logger } from '../../logger.ts';

/** Every setting's value before the owner first changes one (the table has no row yet). */
export const DEFAULT_SETTINGS: TInstanceSettings = { require_two_factor_for_paid: false };

/** This Turnout's settings (docs/product.md#people): read where needed, never cached, so every process agrees. */
export async function getInstanceSettings(db: DbOrTx): Promise<TInstanceSettings> {
  const [row] = await db
    .select({ require_two_factor_for_paid: instance_settings.require_two_factor_for_paid })
    .from(instance_settings)
    .where(eq(instance_settings.id, 1));
  return row ?? DEFAULT_SETTINGS;
}

/** The owner changes them (one row, created by the first change). */
export async function updateInstanceSettings(opts: {
  db: DbOrTx;
  log: Logger;
  actorId: string;
  patch: TInstanceSettingsPatch;
}): Promise<TInstanceSettings> {
  const values = { ...opts.patch, updated_by: opts.actorId, updated_at: new Date() };
  const [row] = await opts.db
    .insert(instance_settings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: instance_settings.id, set: values })
    .returning({ require_two_factor_for_paid: instance_settings.require_two_factor_for_paid });
  opts.log.info({ by: opts.actorId, ...opts.patch }, 'instance settings changed');
  return row!;
}
