import { useMutation, useQuery } from '@tanstack/react-query';
import type { TWaitlistClaimResult, TWaitlistPlace } from '../../../common/schemas/waitlist.ts';
import { ordinal } from '../../../common/waitlist-texts.ts';
import { api } from '../../lib/api.ts';
import { formatEventWhen } from '../../lib/datetime.ts';
import { toUserMessage } from '../../lib/user-message.ts';

const CLAIM =
  'inline-flex min-h-11 items-center justify-center rounded-lg bg-(--event-accent) px-5 font-semibold text-(--event-on-accent) hover:brightness-110 disabled:opacity-60';

/**
 * The manage page's waitlist line (docs/product.md#waitlist): "You're 3rd in line", or the seats held for the party
 * with their deadline in the event's time zone and Claim (the ticket of a free event, the checkout of a paid one).
 * Loaded only for a party on the waitlist.
 */
export function ManageWaitlist({ secret }: { secret: string }) {
  const path = `/api/public/rsvps/${encodeURIComponent(secret)}/waitlist`;
  const place = useQuery({ queryKey: ['waitlist-place', secret], queryFn: ({ signal }) => api<TWaitlistPlace | null>(path, { signal }) });
  const claim = useMutation({
    mutationFn: () => api<TWaitlistClaimResult>(`/api/public/rsvps/${encodeURIComponent(secret)}/claim`, { method: 'POST' }),
    onSuccess: (r) => window.location.assign(r.checkout_url ?? r.ticket_url ?? r.manage_url),
  });
  const p = place.data;
  if (place.isPending) return <p className="text-sm text-ink/70">Checking your place on the waitlist…</p>;
  if (place.isError) return <p className="text-sm text-danger">{toUserMessage(place.error)}</p>;
  if (!p) return null;
  if (p.status === 'waitlisted') {
    return (
      <p className="rounded-lg bg-ink/5 px-3 py-2.5 font-semibold" data-testid="waitlist-place">
        You’re {ordinal(p.place ?? 1)} on the waitlist{p.guest_count > 1 ? ` (a party of ${p.guest_count})` : ''}.
      </p>
    );
  }
  const until = p.offer_until ? formatEventWhen(p.offer_until, null, p.timezone) : null;
  return (
    <div className="grid gap-2 rounded-lg bg-green-50 px-3 py-3 text-green-950" data-testid="waitlist-offer">
      <p>
        {p.guest_count === 1 ? 'A seat is' : `${p.guest_count} seats are`} held for you
        {until ? (
          <>
            {' '}
            until <strong className="font-semibold">{`${until.date}, ${until.time}`}</strong>
          </>
        ) : null}
        . After that they go to the next party.
      </p>
      <button
        type="button"
        className={CLAIM}
        onClick={() => claim.mutate()}
        disabled={claim.isPending}
        aria-busy={claim.isPending || undefined}
      >
        {claim.isPending ? 'Claiming…' : p.paid ? 'Claim and pay' : 'Claim your seats'}
      </button>
      {claim.isError ? (
        <p role="alert" className="text-sm text-danger">
          {toUserMessage(claim.error)}
        </p>
      ) : null}
    </div>
  );
}
