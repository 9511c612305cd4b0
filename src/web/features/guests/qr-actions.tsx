import { Download, Link2, Mail, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { absoluteUrl } from '../../../common/hrefs.ts';
import { slugBase } from '../../../common/slug.ts';
import type { TGuestDetail } from '../../../common/schemas/guests.ts';
import { AlertDialog, AlertDialogContent } from '../../components/ui/alert-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { buttonVariants } from '../../components/ui/button-variants.ts';
import { CopyButton } from '../../components/ui/copy-button.tsx';
import { cn } from '../../lib/cn.ts';
import { notify } from '../../lib/toast.ts';
import { toUserMessage } from '../../lib/user-message.ts';
import { useRegenerateQr, useSendTicket, useShortLink } from './api/guest-mutations.ts';
import { type MailNotice, regeneratedNotice, ticketSentNotice } from './mail-notice.ts';
import { GUEST_MSG } from './messages.ts';
import { SmsButton } from './sms-button.tsx';
import { rowActions } from './status.ts';

const tell = (n: MailNotice) => notify[n.tone](n.title, n.text);

const full = (href: string) => (/^https?:\/\//.test(href) ? href : absoluteUrl(window.location.origin, href));

/** The ticket's QR image (256 px) or, for an answer without a ticket, why there is none. */
export function QrImage({ guest }: { guest: TGuestDetail }) {
  if (!guest.qr_png_url) {
    return (
      <div className="grid aspect-square w-48 place-items-center rounded-xl border border-dashed border-ink/20 p-4 text-center text-sm text-ink/70">
        {guest.status === 'confirmed' ? 'No QR code yet: generate one.' : 'Only attending guests have a QR ticket.'}
      </div>
    );
  }
  return (
    <img
      src={guest.qr_png_url}
      alt={`QR code of ${guest.name}'s ticket`}
      width={256}
      height={256}
      className="size-48 rounded-xl border border-ink/10 bg-white sm:size-56"
    />
  );
}

/** The ticket link with Copy, and Short link (made once, then the same link is shown). */
export function TicketLink({ eventId, guest }: { eventId: string; guest: TGuestDetail }) {
  const shortLink = useShortLink(eventId, guest.id);
  if (!guest.ticket_url) return null;
  const link = full(guest.short_url ?? guest.ticket_url);

  async function makeShort() {
    try {
      const made = await shortLink.mutateAsync();
      notify.success(GUEST_MSG.shortLinkReady, full(made.short_url));
    } catch (err) {
      notify.error(GUEST_MSG.shortLinkFailed, toUserMessage(err, '') || undefined);
    }
  }

  return (
    <div className="grid grid-cols-1 gap-2">
      <div className="flex items-center gap-2 rounded-lg bg-paper-soft py-0 pl-3">
        <span className="sr-only">{guest.short_url ? 'Short link:' : 'Ticket link:'}</span>
        <a
          href={link}
          target="_blank"
          rel="noreferrer"
          className="min-w-0 flex-1 truncate text-sm text-accent-ink underline-offset-4 hover:underline touch:py-3"
          title={link}
        >
          {link.replace(/^https?:\/\//, '')}
        </a>
        <CopyButton text={link} srLabel={`Copy the ticket link of ${guest.name}`} />
      </div>
      {guest.short_url ? null : (
        <Button variant="link" size="sm" className="h-auto justify-self-start" onClick={makeShort} disabled={shortLink.isPending}>
          <Link2 aria-hidden="true" />
          {shortLink.isPending ? 'Making a short link…' : 'Make a short link'}
        </Button>
      )}
    </div>
  );
}

/**
 * Generate / Regenerate (after a confirmation: the old ticket stops working, the guest is e-mailed the
 * new one), Email QR and Download PNG (docs/product.md#guest-list).
 */
export function QrActions({ eventId, guest }: { eventId: string; guest: TGuestDetail }) {
  const regenerate = useRegenerateQr(eventId, guest.id);
  const send = useSendTicket(eventId, guest.id);
  const [confirming, setConfirming] = useState(false);
  if (guest.status !== 'confirmed') return null;
  const hasQr = guest.qr_png_url !== null;

  async function onRegenerate() {
    try {
      const r = await regenerate.mutateAsync();
      setConfirming(false);
      tell(regeneratedNotice(r, guest.email));
    } catch (err) {
      setConfirming(false);
      notify.error(GUEST_MSG.qrGenerateFailed, toUserMessage(err, '') || undefined);
    }
  }

  async function onSend() {
    try {
      tell(ticketSentNotice(await send.mutateAsync()));
    } catch (err) {
      notify.error(GUEST_MSG.qrSendFailed, toUserMessage(err, '') || undefined);
    }
  }

  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" size="sm" onClick={() => (hasQr ? setConfirming(true) : onRegenerate())} disabled={regenerate.isPending}>
        <RefreshCw aria-hidden="true" className={cn(regenerate.isPending && 'animate-spin')} />
        {hasQr ? 'Regenerate' : 'Generate'}
      </Button>
      {guest.email && hasQr ? (
        <Button variant="outline" size="sm" onClick={onSend} disabled={send.isPending} aria-busy={send.isPending || undefined}>
          <Mail aria-hidden="true" />
          {send.isPending ? 'Sending…' : 'Email QR'}
        </Button>
      ) : null}
      {rowActions(guest).sms ? <SmsButton eventId={eventId} guest={guest} /> : null}
      {guest.qr_png_url ? (
        <a
          href={guest.qr_png_url}
          download={`${slugBase(guest.name) || 'guest'}-ticket.png`}
          className={buttonVariants({ variant: 'outline', size: 'sm' })}
        >
          <Download aria-hidden="true" />
          Download PNG
        </a>
      ) : null}
      <AlertDialog open={confirming} onOpenChange={(o) => !o && !regenerate.isPending && setConfirming(false)}>
        {confirming ? (
          <AlertDialogContent
            title="Regenerate this QR code?"
            description={
              <>
                The current QR code and ticket link of <strong className="font-semibold text-ink">{guest.name}</strong> stop working at
                once.{' '}
                {guest.email ? (
                  <>
                    The new ticket is e-mailed to <strong className="font-semibold text-ink">{guest.email}</strong>.
                  </>
                ) : (
                  'This guest has no e-mail address: you will need to share the new link yourself.'
                )}
              </>
            }
            confirmLabel={regenerate.isPending ? 'Regenerating…' : 'Regenerate'}
            busy={regenerate.isPending}
            tone="primary"
            onConfirm={onRegenerate}
          />
        ) : null}
      </AlertDialog>
    </div>
  );
}
