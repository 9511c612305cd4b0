import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FORGET_SESSION_EVENT, OFFLINE_DOOR_DB } from '../../common/checkin-app.ts';
import { sessionKey, signOut } from './auth.ts';
import { markSignedOut } from './session-flags.ts';
import { notify } from './toast.ts';
import { toUserMessage } from './user-message.ts';

/**
 * What this tab keeps of a user who just signed out: nothing. Every cached query and the door's offline data go (the next user
 * of this browser must not see the last one's events or guests), the session reads as signed out and
 * the guard is told it was deliberate (no 'Session expired').
 */
export function forgetSession(qc: QueryClient) {
  markSignedOut();
  // A door device's offline copy of guest lists goes too (docs/decisions/0035-offline-door.md).
  if (typeof indexedDB !== 'undefined') indexedDB.deleteDatabase(OFFLINE_DOOR_DB);
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(FORGET_SESSION_EVENT));
  qc.clear();
  qc.setQueryData(sessionKey, null);
}

/** The one sign-out of the app (dashboard, door): signs out, forgets the session, goes to /auth. */
export function useSignOut() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  async function run() {
    setPending(true);
    try {
      await signOut();
      forgetSession(qc);
      notify.success('Signed out successfully', 'You have been signed out.');
      navigate('/auth');
    } catch (err) {
      notify.error('Error signing out', toUserMessage(err));
    } finally {
      setPending(false);
    }
  }
  return { signOut: run, pending };
}
