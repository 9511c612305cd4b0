import { ScanLine, Search } from 'lucide-react';
import { Link } from 'react-router';
import { checkinHref } from '../../../common/hrefs.ts';
import { buttonVariants } from '../../components/ui/button-variants.ts';
import { Card } from '../../components/ui/card.tsx';

/**
 * The admin's Check-in entry (/admin?tab=checkin, docs/product.md#admin-events): the door works in its own
 * dark, phone-sized area, so this tab leads there, with the event of the URL when there is one.
 */
export function CheckinTab({ eventId }: { eventId: string | null }) {
  return (
    <Card className="mt-4 grid max-w-xl gap-4 p-6">
      <div>
        <h2 className="text-lg font-semibold">Check guests in</h2>
        <p className="mt-1 text-sm text-ink/70">
          Scan QR tickets with a phone’s camera or a USB scanner, or search guests by name, e-mail, phone or PIN. Counts update live on
          every device.
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Link to={checkinHref('index', eventId)} className={buttonVariants({ variant: 'primary' })}>
          <ScanLine aria-hidden="true" />
          Open check-in
        </Link>
        {eventId ? (
          <Link to={checkinHref('search', eventId)} className={buttonVariants({ variant: 'outline' })}>
            <Search aria-hidden="true" />
            Search guests
          </Link>
        ) : null}
      </div>
    </Card>
  );
}
