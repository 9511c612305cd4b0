import { Link2Off } from 'lucide-react';
import { useState } from 'react';
import { absoluteUrl, eventHref } from '../../common/hrefs.ts';
import { MSG } from '../../common/messages.ts';
import type { TManagedRsvp, TManagedRsvpAnswer } from '../../common/schemas/rsvps.ts';
import { LoadFailed, NotFound } from '../components/page-states.tsx';
import { Loading } from '../components/ui/spinner.tsx';
import { AddToCalendar } from '../features/events/add-to-calendar.tsx';
import { themeStyle } from '../features/events/theme-style.ts';
import { secretOfManageUrl, useManagedRsvp } from '../features/rsvp/api/manage-rsvp.ts';
import { ManageView, type ManageNotice } from '../features/rsvp/manage-view.tsx';
import { useDocumentTitle } from '../lib/document-title.ts';
import { errorCode } from '../lib/error-code.ts';
import { useParams } from '../lib/nav.tsx';

/**
 * /rsvp/{secret}: a guest's own answer, to change or cancel (docs/product.md#manage-page). The secret
 * is the page's key; a cancel replaces it, so the page then carries on under the new one (and puts it in
 * the address bar: the old link is dead, a reload must not land on "link no longer valid").
 */
export function Component() {
  const { manageSecret = '' } = useParams();
  const [secret, setSecret] = useState(manageSecret);
  const [notice, setNotice] = useState<ManageNotice | null>(null);
  const query = useManagedRsvp(secret);

  const onAnswer = (answer: TManagedRsvpAnswer, kind: ManageNotice['kind']) => {
    const next = secretOfManageUrl(answer.rsvp.manage_url);
    if (next !== secret) {
      // Keep the history entry's state (React Router's key and index) and change only the URL.
      window.history.replaceState(window.history.state, '', answer.rsvp.manage_url);
      setSecret(next);
    }
    setNotice({ kind, emailQueued: answer.email_queued, at: Date.now() });
  };

  return (
    <>
      {/* The page's URL is a key to the answer: keep it out of search engines and out of Referer headers. */}
      <meta name="robots" content="noindex, nofollow" />
      <meta name="referrer" content="no-referrer" />
      {query.isPending ? (
        <PageLoading />
      ) : query.isError ? (
        errorCode(query.error) === 'not_found' ? (
          <NotFound
            title="This link no longer works"
            documentTitle="Link no longer valid"
            message={MSG.manageLinkInvalid}
            icon={<Link2Off className="size-12 text-ink/30" aria-hidden="true" />}
            home
            findTicket
          />
        ) : (
          <LoadFailed documentTitle="Your RSVP" onRetry={() => query.refetch()} retrying={query.isFetching} back />
        )
      ) : (
        <div style={themeStyle(query.data.event.theme?.colors)} className="min-h-dvh">
          <ManageView
            rsvp={query.data}
            secret={secret}
            notice={notice}
            onAnswer={onAnswer}
            addToCalendar={<CalendarButton event={query.data.event} />}
          />
        </div>
      )}
    </>
  );
}

function PageLoading() {
  useDocumentTitle('Loading your RSVP...');
  return <Loading text="Loading your RSVP..." />;
}

function CalendarButton({ event }: { event: TManagedRsvp['event'] }) {
  return (
    <AddToCalendar
      labelled
      className="border border-ink/20 bg-white text-ink"
      source={{
        uid: `${event.id}@turnout`,
        title: event.title,
        location: event.location,
        url: absoluteUrl(window.location.origin, eventHref(event)),
        startISO: event.event_date,
        endISO: event.end_date,
      }}
    />
  );
}
