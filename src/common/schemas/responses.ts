import { z } from 'zod';
import { GUEST_STATUSES } from '../constants.ts';
import { UUID_PATTERN } from './ids.ts';

/**
 * What the API answers, as zod schemas: the server's routes declare them (so `c.json` is checked
 * against them and /api/openapi.json describes them), and the browser imports their types (T…).
 * Strict objects: a response carries exactly these fields, never a column more. Kept apart from the
 * form schemas so that no guest page bundles them (the browser imports types only).
 * This file holds what every answer shares (ids, times, the error shape); each domain's answers sit
 * beside its request schemas in <domain>.responses.ts (events, people, rsvps, guests, auth, checkin).
 */

export const id = z.string().regex(UUID_PATTERN);
export const dateTime = z.iso.datetime();
/** An RSVP row's state: an answer, or a place on the waitlist (docs/product.md#waitlist). */
export const rsvpStatus = z.enum(GUEST_STATUSES);

/** Every error answer: `{"error":{code,message,fields?}}` (`requestId` on a 500). */
export const ZErrorBody = z
  .strictObject({
    error: z.strictObject({
      code: z.string().meta({ example: 'validation_failed' }),
      message: z.string(),
      /** Field name → what is wrong with it. */
      fields: z.record(z.string(), z.string()).optional(),
      requestId: z.string().optional(),
    }),
  })
  .meta({ id: 'Error' });
export type TErrorBody = z.infer<typeof ZErrorBody>;
