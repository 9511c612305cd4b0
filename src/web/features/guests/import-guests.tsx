import { FileUp } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Loading } from '../../components/ui/spinner.tsx';
import { lazyPart, usePart } from '../../lib/lazy-part.ts';
import { notify } from '../../lib/toast.ts';
import { MSG } from '../../../common/messages.ts';

const flow = lazyPart(() => import('./import-flow.tsx').then((m) => m.ImportFlow));

/**
 * The guest list's "Import guests" (docs/product.md#guest-import): a dialog whose steps (import-flow.tsx) load
 * when it is first wanted (a hover or focus of the button starts the download).
 */
export function ImportGuests({ eventId }: { eventId: string }) {
  const [open, setOpen] = useState(false);
  const Flow = usePart(flow, open, () => {
    setOpen(false);
    notify.error(MSG.networkError);
  });
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={() => setOpen(true)}
        onPointerEnter={() => void flow.preload().catch(() => {})}
        onFocus={() => void flow.preload().catch(() => {})}
      >
        <FileUp aria-hidden="true" />
        Import guests
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        {open ? (
          <DialogContent title="Import guests" description="Add or update guests from a CSV file." className="sm:max-w-2xl">
            {Flow ? <Flow eventId={eventId} onDone={() => setOpen(false)} /> : <Loading className="min-h-24" />}
          </DialogContent>
        ) : null}
      </Dialog>
    </>
  );
}
