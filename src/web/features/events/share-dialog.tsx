import { Download, ExternalLink, Share2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { type ShareCard, shareCard } from '../../../common/share-card.ts';
import type { TEventAdmin } from '../../../common/schemas/events.ts';
import { CalendarFeed } from '../../components/calendar-feed.tsx';
import { Button } from '../../components/ui/button.tsx';
import { buttonVariants } from '../../components/ui/button-variants.ts';
import { CopyButton } from '../../components/ui/copy-button.tsx';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog.tsx';
import { cn } from '../../lib/cn.ts';
import { notify } from '../../lib/toast.ts';
import { EmbedSection } from './embed-section.tsx';

/**
 * The share dialog (docs/product.md#share-dialog), shown when an event is created or made active and from a
 * card's Share: the full public link to copy, its QR code as a PNG, the phone's share sheet where the
 * browser has one, the card a chat app or social site draws from the page's share tags (common/share-card.ts,
 * the same reading the server's tags come from), and the RSVP form's embed code with the sites that may use it.
 */
export function ShareDialog({
  event,
  open,
  onOpenChange,
  justPublished = false,
}: {
  event: TEventAdmin | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opened by a save that made the page live: the title says so. */
  justPublished?: boolean;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && event ? (
        <DialogContent
          title={justPublished ? 'Your event is live' : 'Share your event'}
          description={justPublished ? 'Send guests this link, show them its QR code, or share it from your phone.' : event.title}
          className="sm:max-w-xl"
        >
          <ShareBody event={event} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function ShareBody({ event }: { event: TEventAdmin }) {
  const card = shareCard(event, window.location.origin);
  const linkId = useId();
  const qr = useQrPng(card.url);
  const canShare = typeof navigator.share === 'function';
  const file = `${event.slug || event.id}-qr.png`;

  return (
    <div className="grid gap-5">
      {event.is_active ? null : (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status">
          This event is inactive: the link shows “Event not found” until you make it active in Edit.
        </p>
      )}
      <div className="grid gap-1.5">
        <label htmlFor={linkId} className="text-sm font-medium">
          Public link
        </label>
        <div className="flex gap-2">
          <input
            id={linkId}
            readOnly
            value={card.url}
            onFocus={(e) => e.currentTarget.select()}
            className="h-11 min-w-0 flex-1 rounded-lg border border-ink/20 bg-paper-soft px-3 text-sm"
          />
          <CopyButton text={card.url} srLabel="Copy public link" />
        </div>
      </div>

      <div className="grid gap-4 sm:grid-cols-[11rem_minmax(0,1fr)] sm:items-start">
        <div className="grid justify-items-center gap-2">
          {qr.url ? (
            <img
              src={qr.url}
              alt={`QR code of the link to ${event.title}`}
              width={176}
              height={176}
              className="size-44 rounded-lg border border-ink/10"
            />
          ) : (
            <div className="grid size-44 place-items-center rounded-lg border border-ink/10 text-center text-sm text-ink/70" role="status">
              {qr.failed ? 'The QR code could not be made.' : 'Making the QR code…'}
            </div>
          )}
          {qr.url ? (
            <a href={qr.url} download={file} className={cn(buttonVariants({ variant: 'outline', size: 'md' }), 'w-full')}>
              <Download aria-hidden="true" />
              Download QR code
            </a>
          ) : null}
        </div>
        <SharePreview card={card} />
      </div>

      <EmbedSection event={event} />

      <section className="grid gap-3 border-t border-ink/10 pt-4" aria-labelledby={`${linkId}-feed`}>
        <h3 id={`${linkId}-feed`} className="font-medium">
          Calendar feed
        </h3>
        <CalendarFeed path={`/api/events/${event.id}/calendar-feed`} what="this event" />
      </section>

      <div className="flex flex-col-reverse gap-2 border-t border-ink/10 pt-4 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline">Done</Button>
        </DialogClose>
        <a href={card.url} target="_blank" rel="noreferrer" className={buttonVariants({ variant: 'outline', size: 'md' })}>
          <ExternalLink aria-hidden="true" />
          View page
        </a>
        {canShare ? (
          <Button
            onClick={() =>
              navigator.share({ title: card.title, text: card.description, url: card.url }).catch((err: unknown) => {
                // Closing the sheet is not a failure.
                if (!(err instanceof DOMException && err.name === 'AbortError'))
                  notify.error('Could not open sharing', 'Copy the link instead.');
              })
            }
          >
            <Share2 aria-hidden="true" />
            Share…
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** The link's QR code as a PNG data URL (the qrcode library, loaded on first use). */
function useQrPng(text: string): { url: string | null; failed: boolean } {
  const [state, setState] = useState<{ text: string; url: string | null; failed: boolean }>({ text, url: null, failed: false });
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((QR) => QR.toDataURL(text, { margin: 2, width: 480, errorCorrectionLevel: 'M' }))
      .then(
        (url) => live && setState({ text, url, failed: false }),
        () => live && setState({ text, url: null, failed: true }),
      );
    return () => {
      live = false;
    };
  }, [text]);
  return state.text === text ? state : { url: null, failed: false };
}

/** How the link looks when pasted into a chat or a post: the image, site, title and description of its share tags. */
export function SharePreview({ card, className }: { card: ShareCard; className?: string }) {
  const host = new URL(card.url).host;
  return (
    <figure className={cn('grid gap-1.5', className)}>
      <figcaption className="text-sm font-medium">When the link is shared</figcaption>
      <div className="overflow-hidden rounded-xl border border-ink/15 bg-white shadow-sm" data-testid="share-preview">
        {card.image ? (
          <img src={card.image.url} alt="" className="aspect-[1200/675] w-full bg-paper object-cover" />
        ) : (
          <p className="bg-paper px-3 py-2 text-xs text-ink/70">No image: add one in the editor to stand out in chats.</p>
        )}
        <div className="grid gap-0.5 px-3 py-2">
          <span className="text-xs tracking-wide text-ink/60 uppercase">{host}</span>
          <span className="line-clamp-2 font-semibold break-words">{card.title}</span>
          <span className="line-clamp-3 text-sm text-ink/70 break-words">{card.description}</span>
        </div>
      </div>
    </figure>
  );
}
