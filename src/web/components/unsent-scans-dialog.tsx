import type { RefObject } from 'react';
import { AlertDialog, AlertDialogContent } from './ui/alert-dialog.tsx';

/**
 * Signing out with offline door scans that could not be sent (docs/product.md#offline-door): stay signed in
 * (they are sent when the network is back) or sign out anyway (they are deleted with the device's data).
 */
export function UnsentScansDialog({
  count,
  opener,
  pending,
  stay,
  signOutAnyway,
}: {
  count: number;
  opener: RefObject<HTMLElement | null>;
  pending: boolean;
  stay: () => void;
  signOutAnyway: () => void;
}) {
  const one = count === 1;
  return (
    <AlertDialog open={count > 0} onOpenChange={(open) => (open ? undefined : stay())}>
      <AlertDialogContent
        title={`${count} ${one ? 'scan' : 'scans'} from the door ${one ? 'has' : 'have'} not reached the server yet`}
        description={`${one ? 'It is' : 'They are'} kept on this device and sent when it is back online. Signing out now deletes ${one ? 'it' : 'them'}: ${one ? 'that guest stays' : 'those guests stay'} not checked in.`}
        cancelLabel="Stay signed in"
        confirmLabel="Sign out anyway"
        onConfirm={signOutAnyway}
        busy={pending}
        opener={opener}
      />
    </AlertDialog>
  );
}
