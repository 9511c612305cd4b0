import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowUpToLine } from 'lucide-react';
import type { TGuestDetail } from '../../../common/schemas/guests.ts';
import type { TWaitlistPromoteResult } from '../../../common/schemas/waitlist.ts';
import { ordinal } from '../../../common/waitlist-texts.ts';
import { Button } from '../../components/ui/button.tsx';
import { notify } from '../../lib/toast.ts';
import { api } from '../../lib/api.ts';
import { eventKeys } from '../../lib/queries/event-keys.ts';
import { guestKeys } from '../../lib/queries/guest-keys.ts';
import { toUserMessage } from '../../lib/user-message.ts';
import { guestPath } from './api/get-guest.ts';

/**
 * A waiting party's "Move to the front" (docs/product.md#waitlist): first in line, and offered the seats at once
 * when its party fits in the free ones (never past the capacity).
 */
export function WaitlistPromote({ eventId, guest }: { eventId: string; guest: TGuestDetail }) {
  const qc = useQueryClient();
  const promote = useMutation({
    mutationFn: () => api<TWaitlistPromoteResult>(`${guestPath(eventId, guest.id)}/promote`, { method: 'POST' }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: guestKeys.detail(eventId, guest.id) }),
        qc.invalidateQueries({ queryKey: guestKeys.lists(eventId) }),
        qc.invalidateQueries({ queryKey: eventKeys.all }),
      ]),
  });

  async function onClick() {
    try {
      const r = await promote.mutateAsync();
      if (r.status === 'offered') notify.success('Seats offered', `${guest.name} has been e-mailed a link to claim them.`);
      else notify.success('Moved to the front', `${guest.name} is ${ordinal(r.place ?? 1)} in line and gets the next free seats.`);
    } catch (err) {
      notify.error('Failed to move up', toUserMessage(err));
    }
  }

  return (
    <div className="grid gap-2 border-t border-ink/10 pt-4">
      <h3 className="font-semibold">Waitlist</h3>
      <p className="text-sm text-ink/75">
        {guest.waitlist_place ? `${ordinal(guest.waitlist_place)} in line. ` : ''}
        Move this party to the front: it is offered the seats at once if it fits, else it gets the next ones.
      </p>
      <Button
        variant="outline"
        className="justify-self-start"
        onClick={onClick}
        disabled={promote.isPending}
        aria-busy={promote.isPending || undefined}
      >
        <ArrowUpToLine aria-hidden="true" />
        {promote.isPending ? 'Moving…' : 'Move to the front'}
      </Button>
    </div>
  );
}
