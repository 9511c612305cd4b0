import { FileDown } from 'lucide-react';
import { buttonVariants } from '../../components/ui/button-variants.ts';
import { guestCsvHref } from './api/get-guests.ts';
import type { GuestFilter } from '../../lib/queries/guest-keys.ts';

/**
 * CSV export: a plain download of the server's file (every row the filters match, UTF-8 with BOM,
 * named after the event and the date), so a large list streams to disk without passing through memory here.
 */
export function CsvLink({ eventId, filter, label = 'Export CSV' }: { eventId: string; filter: GuestFilter; label?: string }) {
  return (
    <a href={guestCsvHref(eventId, filter)} download className={buttonVariants({ variant: 'outline', size: 'sm' })}>
      <FileDown aria-hidden="true" />
      {label}
    </a>
  );
}
