import { z } from 'zod';
import { JOB_STATUSES } from '../constants.ts';
import { zUuid } from './ids.ts';

/**
 * Guest import (docs/product.md#guest-import): the host uploads a CSV, maps its columns to the guest's
 * fields, previews the first rows with their errors, then starts the import, a server job. These are
 * the requests and answers of /api/events/{id}/guest-imports.
 */

/** The largest file and the most rows an import takes (docs/product.md#limits-and-constants). */
export const IMPORT_MAX_BYTES = 32 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 200_000;
export const IMPORT_MAX_COLUMNS = 100;
/** Rows the preview shows, and row errors an import's report lists. */
export const IMPORT_PREVIEW_ROWS = 20;
export const IMPORT_REPORT_ERRORS = 100;
/** Imports an event's list shows (newest first). */
export const IMPORT_LIST = 10;
/** The longest ticket code an import keeps (a barcode or another tool's QR content). */
export const TICKET_CODE_MAX = 200;

/** The guest fields a column can fill; `name` or `first_name` (with `last_name`) and `email` are needed. */
export const IMPORT_FIELDS = [
  'name',
  'first_name',
  'last_name',
  'email',
  'phone',
  'guest_count',
  'status',
  'notes',
  'ticket_code',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  name: 'Name',
  first_name: 'First name',
  last_name: 'Last name',
  email: 'E-mail',
  phone: 'Phone',
  guest_count: 'Party size',
  status: 'Status',
  notes: 'Notes',
  ticket_code: 'Existing ticket code',
};

const column = z
  .number({ error: 'Choose a column of the file.' })
  .int('Choose a column of the file.')
  .min(0, 'Choose a column of the file.')
  .max(IMPORT_MAX_COLUMNS - 1, 'Choose a column of the file.');

/** Which column (0-based) fills which field; answers to the event's questions by question id. */
export const ZImportMapping = z
  .strictObject({
    name: column.optional(),
    first_name: column.optional(),
    last_name: column.optional(),
    email: column.optional(),
    phone: column.optional(),
    guest_count: column.optional(),
    status: column.optional(),
    notes: column.optional(),
    ticket_code: column.optional(),
    answers: z.record(zUuid('Unknown question.'), column).optional(),
  })
  .superRefine((m, ctx) => {
    if (m.email === undefined) ctx.addIssue({ code: 'custom', path: ['email'], message: 'Choose the column with the e-mail addresses.' });
    if (m.name === undefined && m.first_name === undefined)
      ctx.addIssue({ code: 'custom', path: ['name'], message: 'Choose the column with the names (or the first names).' });
  });
export type TImportMapping = z.output<typeof ZImportMapping>;

export const ZImportPreviewInput = z.strictObject({ mapping: ZImportMapping });
export const ZImportStartInput = z.strictObject({
  mapping: ZImportMapping,
  /** E-mail each attending guest their ticket once imported. */
  send_tickets: z.boolean({ error: 'Say whether to e-mail the tickets.' }).default(false),
  /** Let the event's reminders reach the new guests (docs/product.md#reminders); off by default: nobody hears from an import unasked. */
  send_reminders: z.boolean({ error: 'Say whether to send the reminders.' }).default(false),
});
export type TImportStartInput = z.input<typeof ZImportStartInput>;

/** A row's problem: the field it is about and why (a row with problems is not imported). */
export const ZRowError = z.strictObject({ field: z.string(), message: z.string() });
export type TRowError = z.infer<typeof ZRowError>;

const counts = z.strictObject({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  failed: z.number().int(),
  tickets_queued: z.number().int(),
});

export const ZGuestImport = z
  .strictObject({
    id: z.string(),
    event_id: z.string(),
    file_name: z.string(),
    /** How the file was read: its character encoding and separator. */
    encoding: z.string(),
    delimiter: z.string(),
    headers: z.array(z.string()),
    row_count: z.number().int(),
    /** The first rows as read (cells), for the mapping screen. */
    sample: z.array(z.array(z.string())),
    /** The mapping the server suggests from the headers (uploaded), or the one the import ran with. */
    mapping: z.record(z.string(), z.unknown()),
    status: z.enum(['uploaded', ...JOB_STATUSES]),
    send_tickets: z.boolean(),
    send_reminders: z.boolean(),
    /** Rows read so far by the job (row_count at the end). */
    done: z.number().int(),
    counts,
    /** The first rows that were not imported, with why, in file order (row 1 is the first row under the header). */
    errors: z.array(z.strictObject({ row: z.number().int(), errors: z.array(ZRowError) })),
    created_at: z.string(),
    finished_at: z.string().nullable(),
  })
  .meta({ id: 'GuestImport' });
export type TGuestImport = z.infer<typeof ZGuestImport>;
export const ZGuestImportAnswer = z.strictObject({ import: ZGuestImport });
export const ZGuestImportList = z.strictObject({ imports: z.array(ZGuestImport) });

export const ZImportPreview = z
  .strictObject({
    rows: z.array(
      z.strictObject({
        row: z.number().int(),
        /** What the row would become: a new guest, a change of the guest with this e-mail, or nothing (errors). */
        action: z.enum(['create', 'update', 'skip']),
        values: z.strictObject({
          name: z.string(),
          email: z.string(),
          phone: z.string().nullable(),
          guest_count: z.number().int().nullable(),
          status: z.string().nullable(),
          notes: z.string().nullable(),
          ticket_code: z.string().nullable(),
        }),
        errors: z.array(ZRowError),
      }),
    ),
  })
  .meta({ id: 'GuestImportPreview' });
export type TImportPreview = z.infer<typeof ZImportPreview>;
