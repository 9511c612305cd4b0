import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog.tsx';
import { useGuest } from './api/get-guest.ts';
import { ContactList, GuestLoader, type GuestTarget } from './guest-dialog-parts.tsx';
import { QrActions, QrImage, TicketLink } from './qr-actions.tsx';

/**
 * The QR dialog of a guest-list row (docs/product.md#guest-list): the QR image, the ticket link with
 * Copy, name, e-mail, phone and status; Generate / Regenerate, Email QR, Download PNG and Close.
 */
export function QrDialog({ eventId, target, onClose }: { eventId: string; target: GuestTarget | null; onClose: () => void }) {
  return (
    <Dialog open={target !== null} onOpenChange={(o) => !o && onClose()}>
      {target ? (
        <DialogContent title="QR Code" description={target.name}>
          <QrBody eventId={eventId} rsvpId={target.rsvpId} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function QrBody({ eventId, rsvpId }: { eventId: string; rsvpId: string }) {
  const guest = useGuest(eventId, rsvpId);
  return (
    <GuestLoader query={guest}>
      {(g) => (
        <div className="grid grid-cols-1 gap-4">
          <div className="flex justify-center">
            <QrImage guest={g} />
          </div>
          <ContactList guest={g} />
          <TicketLink eventId={eventId} guest={g} />
          <QrActions eventId={eventId} guest={g} />
          <div className="flex justify-end border-t border-ink/10 pt-4">
            <DialogClose asChild>
              <Button variant="outline">Close</Button>
            </DialogClose>
          </div>
        </div>
      )}
    </GuestLoader>
  );
}
