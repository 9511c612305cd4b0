import { Users } from 'lucide-react';
import { Card } from '../../components/ui/card.tsx';

/** Placeholder until the guest-list issue lands (docs/product.md#admin-events, Guest List tab). */
export function GuestListTab() {
  return (
    <Card className="mx-auto max-w-xl p-8 text-center">
      <Users className="mx-auto mb-3 size-8 text-accent" aria-hidden="true" />
      <h2 className="font-display text-2xl font-semibold">Guest List</h2>
      <p className="mt-2 text-ink/70">
        The guest list arrives with the guest-list feature: every RSVP with search, check-in status, QR tickets, SMS and CSV export.
      </p>
    </Card>
  );
}
