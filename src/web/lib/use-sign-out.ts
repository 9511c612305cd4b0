import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { FORGET_SESSION_EVENT, OFFLINE_DOOR_DB } from '../../common/checkin-app.ts';
import { sessionKey, signOut } from './auth.ts';
import { focusedElement } from './return-focus.ts';
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

/**
 * The one sign-out of the app (dashboard, door): signs out, forgets the session, goes to /auth. Signing out
 * deletes the door's offline data, queue included, and ends its devices on the server, so the caller passes
 * `sendQueuedScans` (the check-in feature's; it resolves to how many scans are still unsent): it runs first,
 * and if scans are left the sign-out waits for the user to choose (`unsent`: stay, or sign out anyway).
 */
export function useSignOut(sendQueuedScans: () => Promise<number>) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [count, setCount] = useState(0);
  // The sign-out button is disabled while scans are sent: focus returns to it when the warning closes.
  const opener = useRef<HTMLElement | null>(null);
  async function run(anyway: boolean) {
    if (!anyway) opener.current = focusedElement();
    setPending(true);
    try {
      if (!anyway) {
        const left = await sendQueuedScans();
        if (left > 0) {
          setCount(left);
          return;
        }
      }
      await signOut();
      setCount(0);
      forgetSession(qc);
      notify.success('Signed out successfully', 'You have been signed out.');
      navigate('/auth');
    } catch (err) {
      notify.error('Error signing out', toUserMessage(err));
    } finally {
      setPending(false);
    }
  }
  return {
    signOut: () => void run(false),
    pending,
    /** Scans still unsent after a sign-out tried to send them (0: none, or no sign-out asked). */
    unsent: { count, opener, stay: () => setCount(0), signOutAnyway: () => void run(true) },
  };
}
