import { LogOut } from 'lucide-react';
import { useSignOut } from '../../lib/use-sign-out.ts';
import { syncAllDoors } from './offline/door-store.ts';

/**
 * Door staff have no admin to go back to: their way out of the check-in area. Queued offline scans are sent
 * first; signing out then wipes the device's offline data (docs/product.md#offline-door).
 */
export function SignOutButton({ className }: { className: string }) {
  const { signOut, pending } = useSignOut();
  return (
    <button type="button" className={className} onClick={() => void syncAllDoors().finally(signOut)} disabled={pending}>
      <LogOut aria-hidden="true" />
      Sign out
    </button>
  );
}
