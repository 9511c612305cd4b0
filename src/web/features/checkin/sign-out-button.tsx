import { useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { sessionKey, signOut } from '../../lib/auth.ts';
import { markSignedOut } from '../../lib/session-flags.ts';
import { notify } from '../../lib/toast.ts';
import { toUserMessage } from '../../lib/user-message.ts';

/** Door staff have no admin to go back to: their way out of the check-in area. */
export function SignOutButton({ className }: { className: string }) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  async function onClick() {
    setPending(true);
    try {
      await signOut();
      markSignedOut();
      qc.clear();
      qc.setQueryData(sessionKey, null);
      notify.success('Signed out successfully', 'You have been signed out.');
      navigate('/auth');
    } catch (err) {
      notify.error('Error signing out', toUserMessage(err));
    } finally {
      setPending(false);
    }
  }
  return (
    <button type="button" className={className} onClick={onClick} disabled={pending}>
      <LogOut aria-hidden="true" />
      Sign out
    </button>
  );
}
