import { Check, ScanLine, ShieldCheck, Undo2 } from 'lucide-react';
import type { TCheckinVerdict } from '../../../common/schemas/checkin.responses.ts';
import { buttonVariants } from '../../components/ui/button-variants.ts';
import { Card } from '../../components/ui/card.tsx';
import { Link } from 'react-router';
import { partyCount } from './verdict.ts';

const dateTime = (iso: string) => {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? '' : new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(ms);
};

type Props = {
  verdict: TCheckinVerdict & { guest: NonNullable<TCheckinVerdict['guest']> };
  verifiedAt: number;
  scanMoreHref: string;
  busy: boolean;
  onCheckIn: () => void;
  onCancel: () => void;
};

/**
 * The valid ticket as its event's team sees it (docs/product.md#ticket-verification): event image and
 * name, guest, phone, a PAID stamp when the guest paid for the ticket, the verified date, the first 16 characters of the
 * code, whether the guest is in, CHECK IN / UNDO CHECK-IN and Scan More Tickets.
 */
export function VerifiedTicket({ verdict, verifiedAt, scanMoreHref, busy, onCheckIn, onCancel }: Props) {
  const { event, guest } = verdict;
  const allIn = guest.checked_in_count >= guest.guest_count;
  const noneIn = guest.checked_in_count <= 0;
  const count = partyCount(guest);
  return (
    <Card className="relative mx-auto w-full max-w-md overflow-hidden">
      {event.image_url ? (
        <img src={event.image_url} alt="" className="aspect-[16/9] w-full bg-paper object-cover" width={1200} height={675} />
      ) : null}
      <div className="grid gap-4 p-5">
        <header className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="text-sm font-medium text-ink/70">{event.title}</p>
            <h1 className="font-display text-2xl font-semibold text-balance">{guest.name}</h1>
            {guest.phone ? <p className="text-ink/80">{guest.phone}</p> : null}
          </div>
          {guest.payment_status === 'paid' ? (
            <span className="shrink-0 -rotate-6 rounded-md border-4 border-success px-2 py-0.5 text-xl font-black tracking-widest text-success">
              PAID
            </span>
          ) : null}
        </header>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-ink/70">Verified</dt>
          <dd>{dateTime(new Date(verifiedAt).toISOString())}</dd>
          <dt className="text-ink/70">Code</dt>
          <dd className="font-mono break-all">{guest.code_prefix.slice(0, 16)}</dd>
          {count ? (
            <>
              <dt className="text-ink/70">Party</dt>
              <dd>{count} in</dd>
            </>
          ) : null}
        </dl>
        <p
          className={`flex items-center gap-2 rounded-lg px-3 py-2 font-semibold ${noneIn ? 'bg-paper text-ink' : 'bg-green-100 text-green-900'}`}
          role="status"
        >
          {noneIn ? null : <Check className="size-5" aria-hidden="true" />}
          {noneIn || !guest.checked_in_at
            ? 'Not checked in yet'
            : `Checked in ${dateTime(guest.checked_in_at)}${guest.last_checkin?.by ? ` by ${guest.last_checkin.by}` : ''}`}
        </p>
        <div className="grid grid-cols-2 gap-2">
          <button type="button" className={buttonVariants({ variant: 'primary', size: 'lg' })} disabled={busy || allIn} onClick={onCheckIn}>
            <Check aria-hidden="true" />
            CHECK IN
          </button>
          <button type="button" className={buttonVariants({ variant: 'outline', size: 'lg' })} disabled={busy || noneIn} onClick={onCancel}>
            <Undo2 aria-hidden="true" />
            UNDO CHECK-IN
          </button>
        </div>
        <Link to={scanMoreHref} className={buttonVariants({ variant: 'outline', size: 'lg' })}>
          <ScanLine aria-hidden="true" />
          Scan More Tickets
        </Link>
        <p className="flex items-center justify-center gap-2 text-sm text-success">
          <ShieldCheck className="size-4" aria-hidden="true" />
          This ticket is authentic and verified
        </p>
      </div>
    </Card>
  );
}
