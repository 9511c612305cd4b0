import { LogOut } from 'lucide-react';
import { useSignOut } from '../../lib/use-sign-out.ts';

/** Door staff have no admin to go back to: their way out of the check-in area. */
export function SignOutButton({ className }: { className: string }) {
  const { signOut, pending } = useSignOut();
  return (
    <button type="button" className={className} onClick={signOut} disabled={pending}>
      <LogOut aria-hidden="true" />
      Sign out
    </button>
  );
}
