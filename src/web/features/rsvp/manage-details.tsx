import type { TManagedRsvp } from '../../../common/schemas/rsvps.ts';
import { guestLabel } from './format.ts';

/** The answer's details, read-only: what the manage page shows once the event has ended (docs/product.md#manage-page). */
export function ManageDetails({ rsvp }: { rsvp: TManagedRsvp }) {
  const rows: [string, string | null][] = [
    ['Name', rsvp.name],
    ['Email', rsvp.email],
    ['Phone', rsvp.phone],
    ['Party', rsvp.status === 'declined' ? null : guestLabel(rsvp.guest_count)],
    ['Notes', rsvp.notes],
  ];
  return (
    <section aria-labelledby="details-heading" className="grid gap-3 p-5 sm:p-6">
      <h2 id="details-heading" className="font-semibold">
        Your details
      </h2>
      <p className="text-sm text-ink/75">The event is over, so your answer can no longer be changed.</p>
      <dl className="grid gap-2 text-sm">
        {rows.map(([label, value]) =>
          value ? (
            <div key={label} className="grid grid-cols-[5rem_1fr] gap-3">
              <dt className="text-ink/70">{label}</dt>
              <dd className="min-w-0 break-words whitespace-pre-line">{value}</dd>
            </div>
          ) : null,
        )}
      </dl>
    </section>
  );
}
