/**
 * Who may do what to an event (docs/decisions/0011-event-roles.md), shared by the server's checks
 * and the admin UI, which hides what the signed-in user's role may not do.
 */

/** What the signed-in user is to an event: its owner, a co-host (manages it) or door staff (its check-in only). */
export const EVENT_ROLES = ['owner', 'cohost', 'door'] as const;
export type EventRole = (typeof EVENT_ROLES)[number];

/** The roles the owner gives by e-mail (the event's team besides its owner). */
export const TEAM_ROLES = ['cohost', 'door'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/**
 * What an invitation grants, in plain words (docs/product.md#co-hosts): the role's name and what it
 * allows. `host` is the owner's invitation to host on this Turnout (no event).
 */
export const ROLE_GRANTED: Record<TeamRole | 'host', { name: string; allows: string }> = {
  cohost: {
    name: 'co-host',
    allows:
      'Edit the event, see and manage its guest list, message its guests and check them in. Only the owner can delete it, change its tickets and payments, or change its team.',
  },
  door: {
    name: 'door staff',
    allows: "Check guests in at the door: scan their tickets or find them by name. You will not see the event's admin or change the event.",
  },
  host: { name: 'host', allows: 'Create your own events, share them and manage their guests.' },
};

/**
 * The event's tickets and payment settings: only its owner sets or changes them (a co-host's edit
 * may carry them unchanged).
 */
export const PAYMENT_FIELDS = [
  'is_paid_event',
  'ticket_price',
  'currency',
  'stripe_publishable_key',
  'stripe_secret_key',
  'stripe_webhook_secret',
  'use_host_stripe_account',
  'guest_refunds_allowed',
] as const;

/** The owner-only actions, each with what a co-host is told (403, and beside the hidden control). */
export const OWNER_ONLY = {
  delete: "Only the event's owner can delete it.",
  payment: "Only the event's owner can change its tickets and payment settings.",
  hosts: "Only the event's owner can add or remove co-hosts.",
  refund: "Only the event's owner can refund payments.",
} as const;
