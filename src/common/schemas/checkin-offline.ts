import { z } from 'zod';
import { CHECKIN_REFUSALS } from '../constants.ts';
import { dateTime, id, rsvpStatus } from './responses.ts';
import { zUuid } from './ids.ts';
import { zText } from './text.ts';
import { scanDevice, scanNonce, scanTime } from './checkin.ts';

/**
 * The offline door (docs/product.md#offline-door, docs/decisions/0035-offline-door.md): a device prepares an
 * event (its guest list with keyed code hashes, and the key that encrypts it at rest), admits with no network,
 * and syncs its queued scans, each once by its nonce.
 */

const device = scanDevice;

/** Prepare (or refresh, with the device's id) this device for one event. */
export const ZPrepareOffline = z.object({ device_id: zUuid('Unknown device.').optional(), device });
export type TPrepareOffline = z.input<typeof ZPrepareOffline>;

const ZOfflineTicket = z.strictObject({
  id,
  label: z.string(),
  admits: z.number().int(),
  checked_in_count: z.number().int(),
  qr: z.string(),
  pin: z.string(),
  /**
   * A refund of the ticket (docs/product.md#refunds): `under_way` (claimed, at the provider; still in the party's
   * size) or `done` (no longer in it). Either way it admits nobody, and the door says "Refunded".
   */
  refund: z.enum(['under_way', 'done']).nullable(),
});

export const ZOfflineGuest = z.strictObject({
  rsvp_id: id,
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  guest_count: z.number().int(),
  checked_in_count: z.number().int(),
  status: rsvpStatus,
  payment_status: z.string().nullable(),
  /** Confirmed and paid where payment is due: may be let in. */
  admissible: z.boolean(),
  code_prefix: z.string(),
  checked_in_at: dateTime.nullable(),
  last_checkin: z.strictObject({ at: dateTime, by: z.string().nullable(), device: z.string().nullable() }).nullable(),
  /** Keyed hashes (src/common/offline-codes.ts) of the current QR nonce and door PIN; null when it has none. */
  qr: z.string().nullable(),
  pin: z.string().nullable(),
  /** An order's tickets (docs/decisions/0028-ticket-types.md), each with its own hashes. */
  tickets: z.array(ZOfflineTicket),
});
export type TOfflineGuest = z.infer<typeof ZOfflineGuest>;

export const ZOfflineSnapshot = z
  .strictObject({
    device_id: id,
    /** 32 bytes, base64url: the device encrypts its copy with it (AES-GCM) and hashes codes with it (HMAC). */
    key: z.string(),
    prepared_at: dateTime,
    event: z.strictObject({ id, title: z.string(), image_url: z.string().nullable(), is_paid_event: z.boolean() }),
    guests: z.array(ZOfflineGuest),
  })
  .meta({ id: 'OfflineSnapshot' });
export type TOfflineSnapshot = z.infer<typeof ZOfflineSnapshot>;

/** At most this many queued scans per sync request; the device sends the rest in the next. */
export const OFFLINE_SYNC_BATCH = 200;

const ZOfflineScan = z
  .object({
    nonce: scanNonce,
    kind: z.enum(['entry', 'undo']),
    code: zText().min(1).max(4096, 'This is not a ticket.').optional(),
    rsvp_id: zUuid('Unknown guest.').optional(),
    count: z.number().int('Admit 1 to 1000 guests.').min(1, 'Admit 1 to 1000 guests.').max(1000, 'Admit 1 to 1000 guests.'),
    scanned_at: scanTime,
    device,
  })
  .refine((v) => Boolean(v.code) !== Boolean(v.rsvp_id), { message: 'Give a ticket code or a guest, not both.', path: ['code'] })
  .refine((v) => v.kind === 'entry' || Boolean(v.rsvp_id), { message: 'An undo names its guest.', path: ['rsvp_id'] });
export type TOfflineScan = z.input<typeof ZOfflineScan>;

/** Queued scans in the order they were made; an empty list only asks for conflicts (and whether the device still holds). */
export const ZOfflineSync = z.object({
  scans: z.array(ZOfflineScan).max(OFFLINE_SYNC_BATCH, `Send at most ${OFFLINE_SYNC_BATCH} scans at once.`),
});
export type TOfflineSync = z.input<typeof ZOfflineSync>;

/** Two devices let one guest in offline: what each shows ("Also admitted on Door 2 at 21:04"). */
export const ZOfflineConflict = z.strictObject({
  /** This device's scan involved. */
  nonce: z.string(),
  rsvp_id: id,
  name: z.string(),
  other_device: z.string().nullable(),
  other_at: dateTime,
  requested: z.number().int(),
  admitted: z.number().int(),
});
export type TOfflineConflict = z.infer<typeof ZOfflineConflict>;

export const ZOfflineSyncResult = z
  .strictObject({
    results: z.array(
      z.strictObject({
        nonce: z.string(),
        ok: z.boolean(),
        reason: z.enum(CHECKIN_REFUSALS).nullable(),
        admitted: z.number().int(),
        replay: z.boolean(),
      }),
    ),
    conflicts: z.array(ZOfflineConflict),
  })
  .meta({ id: 'OfflineSyncResult' });
export type TOfflineSyncResult = z.infer<typeof ZOfflineSyncResult>;

/** A device prepared for offline, as the event's owner and co-hosts see it (never its key or session). */
export const ZOfflineDevice = z.strictObject({
  id,
  /** What the device calls itself ("Door 1 · Chrome on Android"); null when it gave no label. */
  label: z.string().nullable(),
  user: z.strictObject({ name: z.string().nullable(), email: z.string() }),
  prepared_at: dateTime,
  last_seen_at: dateTime,
  /** Null while it holds the list; else when it was revoked (shown for 24 hours: its next contact wipes it). */
  revoked_at: dateTime.nullable(),
  /** Prepared by the session asking: this browser. */
  this_device: z.boolean(),
});
export type TOfflineDevice = z.infer<typeof ZOfflineDevice>;

export const ZOfflineDeviceList = z.strictObject({ devices: z.array(ZOfflineDevice) }).meta({ id: 'OfflineDeviceList' });
export type TOfflineDeviceList = z.infer<typeof ZOfflineDeviceList>;
