import { z } from 'zod';
import { dateTime, id } from './responses.ts';
import { zUuid } from './ids.ts';
import { zText } from './text.ts';

/**
 * Ticket types (docs/product.md#ticket-types, docs/decisions/0028-ticket-types.md): the host's request schemas,
 * what the event page gets of them and the guest's order. Prices are minor units of the event's currency.
 */

export const MAX_TICKET_TYPES = 20;
export const TICKET_TYPE_NAME_MAX = 80;
export const TICKET_TYPE_DESCRIPTION_MAX = 500;
/** The most tickets of one type, and of all types, in one order (a party: GUESTS_MAX). */
export const PER_ORDER_MAX = 10;
export const PRICE_MAX = 100_000_000;
export const ADMISSIONS = ['each', 'group'] as const;
export type Admission = (typeof ADMISSIONS)[number];

const perOrder = (what: string) =>
  z
    .number({ error: `Choose the ${what} per order, 1 to ${PER_ORDER_MAX}.` })
    .int(`Choose the ${what} per order, 1 to ${PER_ORDER_MAX}.`)
    .min(1, `Choose the ${what} per order, 1 to ${PER_ORDER_MAX}.`)
    .max(PER_ORDER_MAX, `Choose the ${what} per order, 1 to ${PER_ORDER_MAX}.`);
const when = z.iso.datetime({ offset: true, error: 'Use a date and time such as 2026-12-24T18:00:00Z.' }).nullable();

const typeFields = {
  name: zText({ error: 'Name this ticket type.' })
    .min(1, 'Name this ticket type.')
    .max(TICKET_TYPE_NAME_MAX, `Use at most ${TICKET_TYPE_NAME_MAX} characters.`),
  description: zText({ multiline: true })
    .max(TICKET_TYPE_DESCRIPTION_MAX, `Use at most ${TICKET_TYPE_DESCRIPTION_MAX} characters.`)
    .transform((v) => (v === '' ? null : v))
    .nullable(),
  price: z
    .number({ error: 'Enter a price of 0 or more, in cents.' })
    .int('Enter the price in cents (a whole number).')
    .min(0, 'Enter a price of 0 or more, in cents.')
    .max(PRICE_MAX, 'Enter a smaller price.'),
  quantity: z
    .number({ error: 'Enter how many are on sale, 1 or more, or leave it empty.' })
    .int('Enter a whole number.')
    .min(1, 'Enter how many are on sale, 1 or more, or leave it empty.')
    .max(1_000_000, 'Enter a smaller number.')
    .nullable(),
  min_per_order: perOrder('minimum'),
  max_per_order: perOrder('maximum'),
  sales_start: when,
  sales_end: when,
  hidden: z.boolean(),
  admission: z.enum(ADMISSIONS, { error: "Choose 'each' (a ticket per guest) or 'group' (one ticket for the party)." }),
};

type Bounds = { min_per_order?: number; max_per_order?: number; sales_start?: string | null; sales_end?: string | null };
/** Field errors of a type's own rules that span two fields (min ≤ max, start < end). */
function checkBounds(v: Bounds, ctx: z.RefinementCtx) {
  if (v.min_per_order !== undefined && v.max_per_order !== undefined && v.min_per_order > v.max_per_order)
    ctx.addIssue({ code: 'custom', path: ['max_per_order'], message: 'The maximum per order must be at least the minimum.' });
  if (v.sales_start && v.sales_end && Date.parse(v.sales_start) >= Date.parse(v.sales_end))
    ctx.addIssue({ code: 'custom', path: ['sales_end'], message: 'Sales must end after they start.' });
}

export const ZTicketTypeInput = z
  .strictObject({
    ...typeFields,
    description: typeFields.description.default(null),
    quantity: typeFields.quantity.default(null),
    min_per_order: typeFields.min_per_order.default(1),
    max_per_order: typeFields.max_per_order.default(PER_ORDER_MAX),
    sales_start: when.default(null),
    sales_end: when.default(null),
    hidden: typeFields.hidden.default(false),
    admission: typeFields.admission.default('each'),
  })
  .superRefine(checkBounds)
  .meta({ id: 'TicketTypeInput' });
export type TTicketTypeInput = z.input<typeof ZTicketTypeInput>;

/** A change: any of the fields; the pair rules are checked again on the stored row merged with it. */
export const ZTicketTypePatch = z.strictObject(typeFields).partial().superRefine(checkBounds).meta({ id: 'TicketTypePatch' });
export type TTicketTypePatch = z.input<typeof ZTicketTypePatch>;

/** The host's view of a type: its settings and how many seats of it are taken (paid, free or held at a checkout). */
export const ZTicketType = z
  .strictObject({
    id,
    name: z.string(),
    description: z.string().nullable(),
    price: z.number().int(),
    quantity: z.number().int().nullable(),
    min_per_order: z.number().int(),
    max_per_order: z.number().int(),
    sales_start: dateTime.nullable(),
    sales_end: dateTime.nullable(),
    hidden: z.boolean(),
    admission: z.enum(ADMISSIONS),
    seats_taken: z.number().int(),
  })
  .meta({ id: 'TicketType' });
export type TTicketType = z.infer<typeof ZTicketType>;
export const ZTicketTypeList = z.strictObject({ ticket_types: z.array(ZTicketType) });
export type TTicketTypeList = z.infer<typeof ZTicketTypeList>;
export const ZTicketTypeAnswer = z.strictObject({ ticket_type: ZTicketType });

/** What the event page shows of a visible type: what is left (null: only the event's capacity bounds it). */
export const ZPublicTicketType = z
  .strictObject({
    id,
    name: z.string(),
    description: z.string().nullable(),
    price: z.number().int(),
    left: z.number().int().nullable(),
    min_per_order: z.number().int(),
    max_per_order: z.number().int(),
    sales_start: dateTime.nullable(),
    sales_end: dateTime.nullable(),
    admission: z.enum(ADMISSIONS),
  })
  .meta({ id: 'PublicTicketType' });
export type TPublicTicketType = z.infer<typeof ZPublicTicketType>;

/** The guest's order: a quantity of each chosen type (each type once). */
export const ZOrderLines = z
  .array(
    z.strictObject({
      type_id: zUuid('Choose a ticket type of this event.'),
      quantity: z
        .number({ error: `Choose 1 to ${PER_ORDER_MAX} tickets.` })
        .int(`Choose 1 to ${PER_ORDER_MAX} tickets.`)
        .min(1, `Choose 1 to ${PER_ORDER_MAX} tickets.`)
        .max(PER_ORDER_MAX, `Choose 1 to ${PER_ORDER_MAX} tickets.`),
    }),
  )
  .min(1, 'Choose at least one ticket.')
  .max(MAX_TICKET_TYPES, 'Choose at most one line per ticket type.')
  .refine((lines) => new Set(lines.map((l) => l.type_id)).size === lines.length, 'Choose each ticket type once.')
  .refine((lines) => lines.reduce((n, l) => n + l.quantity, 0) <= PER_ORDER_MAX, `One order holds at most ${PER_ORDER_MAX} guests.`);
export type TOrderLines = z.output<typeof ZOrderLines>;

export { salesState, ticketLabel } from '../ticket-label.ts';
