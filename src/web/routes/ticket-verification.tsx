import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, CircleX, LogIn } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { checkinHref } from '../../common/hrefs.ts';
import type { TCheckinVerdict, TTicketVerification } from '../../common/schemas/checkin.responses.ts';
import { LoadFailed } from '../components/page-states.tsx';
import { buttonVariants } from '../components/ui/button-variants.ts';
import { Card } from '../components/ui/card.tsx';
import { Loading } from '../components/ui/spinner.tsx';
import { ticketVerificationQuery } from '../features/checkin/api/checkin.ts';
import { checkinKeys } from '../features/checkin/api/keys.ts';
import { publicOriginRedirect } from '../features/checkin/public-origin.ts';
import { useAttendance } from '../features/checkin/use-attendance.ts';
import { VerifiedTicket } from '../features/checkin/verified-ticket.tsx';
import { useDocumentTitle } from '../lib/document-title.ts';
import { errorCode } from '../lib/error-code.ts';
import { toUserMessage } from '../lib/user-message.ts';

/** Verdicts that mean the ticket is not one to let in at this event. */
const NOT_VALID = new Set(['invalid', 'other_event', 'not_confirmed', 'refunded']);

/**
 * /ticket-verification/:qrData and /checkin/verify/:qrData (docs/product.md#ticket-verification): what a
 * ticket's QR opens. The event's team gets the guest and CHECK IN / UNDO CHECK-IN; anyone else only whether the
 * ticket is valid and for which event. Opened on another host than the public one, it moves there first.
 */
export function Component() {
  const [redirect] = useState(() => publicOriginRedirect(window.location, document));
  useEffect(() => {
    if (redirect) window.location.replace(redirect);
  }, [redirect]);
  if (redirect) return <Loading text="Verifying ticket..." />;
  return <Verification />;
}

function Verification() {
  const { qrData = '' } = useParams();
  const [params] = useSearchParams();
  const eventParam = params.get('event')?.trim() || null;
  const query = useQuery(ticketVerificationQuery(qrData, eventParam));
  const qc = useQueryClient();
  const attendance = useAttendance((v: TCheckinVerdict) => {
    if (!v.guest) return;
    qc.setQueryData<TTicketVerification>(checkinKeys.verification(qrData, eventParam), (old) =>
      // A refusal that makes the ticket invalid here (e.g. the RSVP was cancelled meanwhile) replaces the
      // card with 'Invalid Ticket'; 'No Change' and a success keep showing the ticket, now up to date.
      old ? { ...old, verdict: NOT_VALID.has(v.reason ?? '') ? v : { ...v, ok: true, reason: null } } : old,
    );
  });
  useDocumentTitle('Ticket verification');

  let body: React.ReactNode;
  if (query.isPending) body = <Loading text="Verifying ticket..." />;
  else if (query.isError && !['not_found', 'validation_failed', 'bad_request'].includes(errorCode(query.error))) {
    body = (
      <Card className="mx-auto max-w-md">
        <LoadFailed layout="panel" message={toUserMessage(query.error)} onRetry={() => query.refetch()} retrying={query.isFetching} />
      </Card>
    );
  } else {
    const data = query.data;
    const verdict = data?.verdict;
    const guest = verdict?.guest;
    if (!data?.valid || (verdict && (NOT_VALID.has(verdict.reason ?? '') || !guest))) body = <Invalid />;
    else if (data.access === 'public' || !verdict || !guest) body = <PublicVerdict title={data.event?.title ?? null} />;
    else {
      const eventId = eventParam ?? verdict.event.id;
      body = (
        <VerifiedTicket
          verdict={{ ...verdict, guest }}
          verifiedAt={query.dataUpdatedAt}
          scanMoreHref={eventParam ? checkinHref('scan', eventParam) : checkinHref('index')}
          busy={attendance.isPending}
          onCheckIn={() => attendance.mutate({ target: { eventId, rsvpId: guest.rsvp_id, code: qrData }, action: 'in' })}
          onCancel={() => attendance.mutate({ target: { eventId, rsvpId: guest.rsvp_id }, action: 'out' })}
        />
      );
    }
  }

  return (
    <main className="min-h-dvh bg-paper-soft px-4 py-6 sm:py-12">
      {/* A ticket names its guest: keep it out of search engines and out of Referer headers. */}
      <meta name="robots" content="noindex, nofollow" />
      <meta name="referrer" content="no-referrer" />
      {body}
    </main>
  );
}

function Invalid() {
  return (
    <Card className="mx-auto mt-[12vh] grid max-w-md justify-items-center gap-2 p-8 text-center" role="alert">
      <CircleX className="size-14 text-danger" aria-hidden="true" />
      <h1 className="font-display text-2xl font-semibold">Invalid Ticket</h1>
      <p className="text-ink/70">This ticket could not be verified.</p>
    </Card>
  );
}

/** Someone outside the event's team: valid or not, and for which event; nothing about the guest. */
function PublicVerdict({ title }: { title: string | null }) {
  return (
    <Card className="mx-auto mt-[12vh] grid max-w-md justify-items-center gap-2 p-8 text-center" role="status">
      <CircleCheck className="size-14 text-success" aria-hidden="true" />
      <h1 className="font-display text-2xl font-semibold">Valid Ticket</h1>
      <p className="text-ink/80">{title ? `This is a valid ticket for ${title}.` : 'This is a valid ticket.'}</p>
      <p className="mt-2 text-sm text-ink/70">Event staff: sign in to check this guest in.</p>
      <Link to="/auth" className={buttonVariants({ variant: 'primary', className: 'mt-2' })}>
        <LogIn aria-hidden="true" />
        Sign in
      </Link>
    </Card>
  );
}
