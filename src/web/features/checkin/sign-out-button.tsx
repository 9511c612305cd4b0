import { LogOut } from 'lucide-react';
import { UnsentScansDialog } from '../../components/unsent-scans-dialog.tsx';
import { useSignOut } from '../../lib/use-sign-out.ts';
import { sendQueuedScans } from './offline/door-store.ts';

/**
 * Door staff have no admin to go back to: their way out of the check-in area. Queued offline scans are sent
 * first; if some cannot be, the staff choose to stay or to sign out and lose them (docs/product.md#offline-door).
 */
export function SignOutButton({ className }: { className: string }) {
  const { signOut, pending, unsent } = useSignOut(sendQueuedScans);
  return (
    <>
      <button type="button" className={className} onClick={signOut} disabled={pending}>
        <LogOut aria-hidden="true" />
        Sign out
      </button>
      <UnsentScansDialog {...unsent} pending={pending} />
    </>
  );
}
