import { type ComponentType, createContext, type ReactNode, useContext } from 'react';
import { MSG } from '../../common/messages.ts';
import { useDocumentTitle } from '../lib/document-title.ts';
import { Link, useNavigate } from '../lib/nav.tsx';

/**
 * The shared "not found" and "could not load" states. `page` fills the screen (a whole route, its
 * h1); `panel` sits inside a card or a pane of a screen that has its own h1. Guest pages use them
 * too: no router (lib/nav.tsx), and kept small (their first-load JS budget).
 */
type Layout = 'page' | 'panel';
type StateProps = { title: string; message?: string; icon?: ReactNode; documentTitle?: string; layout?: Layout };

const primary = 'min-h-11 cursor-pointer rounded-lg bg-ink px-5 font-medium text-paper hover:bg-ink/90 disabled:opacity-60';

function State({
  title,
  message,
  icon,
  documentTitle,
  layout = 'page',
  children,
  after,
}: StateProps & { children: ReactNode; after?: ReactNode }) {
  useDocumentTitle(layout === 'page' ? (documentTitle ?? title) : undefined);
  const Heading = layout === 'page' ? 'h1' : 'h2';
  const state = (
    <div className="grid max-w-sm justify-items-center gap-3 text-center" role="alert">
      {icon}
      <Heading className={layout === 'page' ? 'font-display text-2xl font-semibold' : 'font-semibold'}>{title}</Heading>
      {message ? <p className="text-ink/70">{message}</p> : null}
      <div className="mt-2 flex flex-wrap justify-center gap-2">{children}</div>
    </div>
  );
  // What comes after (a form) is not part of the announcement.
  const body = after ? (
    <div className="grid w-full max-w-sm justify-items-center gap-6">
      {state}
      {after}
    </div>
  ) : (
    state
  );
  return layout === 'page' ? (
    <main className="grid min-h-dvh place-items-center p-6">{body}</main>
  ) : (
    <div className="grid place-items-center p-6">{body}</div>
  );
}

/** Back where the visitor came from: the router's history, the browser's, or home in a fresh tab. */
function BackButton({ className }: { className: string }) {
  const navigate = useNavigate();
  const goBack = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else if (window.history.length > 1) window.history.back();
    else navigate('/');
  };
  return (
    <button type="button" onClick={goBack} className={className}>
      {MSG.goBack}
    </button>
  );
}

/**
 * The "Find your ticket" form NotFound offers: a feature's (features/find-ticket), so the start-ups provide it
 * (main.tsx, guest/mount.tsx) and components import no feature. Provided there, it ships in the guest pages'
 * shared start-up chunk, not in a chunk of its own (their first-load budget).
 */
export const FindTicketSlot = createContext<ComponentType | null>(null);

type NotFoundProps = StateProps & {
  /** A link home instead of Go Back. */
  home?: boolean;
  /**
   * A guest's way on (docs/product.md#not-found-page): a link home (beside Go Back unless `home`) and
   * "Find your ticket", which e-mails the links of an address's RSVPs to it (the form of FindTicketSlot).
   */
  findTicket?: boolean;
};

/** Nothing here: a record that does not exist (an API `not_found`) or a path the router does not know. */
export function NotFound({ home = false, findTicket = false, ...props }: NotFoundProps) {
  const FindTicket = useContext(FindTicketSlot);
  return (
    <State {...props} after={findTicket && FindTicket ? <FindTicket /> : null}>
      {home ? null : <BackButton className={primary} />}
      {home || findTicket ? (
        <Link to="/" className="inline-flex min-h-11 items-center text-accent-ink underline underline-offset-4 hover:text-accent">
          {MSG.returnHome}
        </Link>
      ) : null}
    </State>
  );
}

export type LoadFailedProps = Partial<StateProps> & {
  onRetry: () => void;
  retrying?: boolean;
  /** Offer Go Back beside Try again (whole pages). */
  back?: boolean;
};

/** A read that failed and may pass on another try (network, outage): says so and offers Try again. */
export function LoadFailed({
  onRetry,
  retrying = false,
  back = false,
  title = MSG.pageLoadFailed,
  message = MSG.checkConnection,
  ...props
}: LoadFailedProps) {
  return (
    <State title={title} message={message} {...props}>
      <button type="button" onClick={onRetry} disabled={retrying} className={primary}>
        {MSG.tryAgain}
      </button>
      {back ? <BackButton className="min-h-11 cursor-pointer rounded-lg border border-ink/20 px-5 font-medium hover:bg-ink/5" /> : null}
    </State>
  );
}
