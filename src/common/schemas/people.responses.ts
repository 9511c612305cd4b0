import { z } from 'zod';
import { EVENT_ROLES } from '../event-roles.ts';
import { dateTime, id } from './responses.ts';

// People (docs/product.md#people; owner only)

/** One of a person's events and what they are to it. */
export const ZPersonEvent = z.strictObject({ id, title: z.string(), role: z.enum(EVENT_ROLES), is_paid_event: z.boolean() });
export type TPersonEvent = z.infer<typeof ZPersonEvent>;

/** Someone with an account, as the owner's People page lists them. */
export const ZPerson = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    /** An owner account of this Turnout (created at setup or by the CLI). */
    is_owner: z.boolean(),
    two_factor: z.boolean(),
    deactivated_at: dateTime.nullable(),
    created_at: dateTime,
    /** The latest use of any of their sessions; null when they have none. */
    last_active_at: dateTime.nullable(),
    events: z.array(ZPersonEvent),
  })
  .meta({ id: 'Person' });
export type TPerson = z.infer<typeof ZPerson>;

/** An open invitation to host (sent from the People page, not yet accepted, not expired). */
export const ZHostingInvitation = z.strictObject({ email: z.string(), created_at: dateTime, expires_at: dateTime });
export type THostingInvitation = z.infer<typeof ZHostingInvitation>;

export const ZPeople = z.strictObject({ people: z.array(ZPerson), invitations: z.array(ZHostingInvitation) }).meta({ id: 'People' });
export type TPeople = z.infer<typeof ZPeople>;

/** POST /api/people/{id}/deactivate and /reactivate: the person now, and how many events moved to the owner. */
export const ZPersonAnswer = z.strictObject({ person: ZPerson, events_transferred: z.number().int() });
export type TPersonAnswer = z.infer<typeof ZPersonAnswer>;

export const ZInstanceSettings = z.strictObject({ require_two_factor_for_paid: z.boolean() }).meta({ id: 'InstanceSettings' });
export type TInstanceSettings = z.infer<typeof ZInstanceSettings>;
