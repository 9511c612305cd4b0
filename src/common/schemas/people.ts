import { z } from 'zod';
import { zEmail } from './email.ts';

/** The People page's requests (docs/product.md#people). */

/** POST /api/people/invitations: invite someone to host on this Turnout. */
export const ZInviteHost = z.object({ email: zEmail('Enter the e-mail address to invite.') });
export type TInviteHost = z.infer<typeof ZInviteHost>;

/** PATCH /api/settings: the owner's instance settings. */
export const ZInstanceSettingsPatch = z.object({
  require_two_factor_for_paid: z.boolean({ error: 'Must be true or false.' }),
});
export type TInstanceSettingsPatch = z.infer<typeof ZInstanceSettingsPatch>;

/** A person's id in a path (Better Auth's ids): anything else names nobody. */
export const PERSON_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
