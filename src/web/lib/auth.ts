import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { displayName } from '../../common/display-name.ts';
import { api } from './api.ts';
import { announceSession } from './session-channel.ts';

export type SessionUser = { id: string; email: string; name: string; role: string; twoFactorEnabled?: boolean };
type SessionResponse = { user: SessionUser; session: { expiresAt: string } } | null;

export const sessionKey = ['session'] as const;
export const setupKey = ['setup'] as const;

/** The signed-in user (null when signed out). Shared by every screen through the query cache. */
export const sessionQuery = () =>
  queryOptions({
    queryKey: sessionKey,
    queryFn: ({ signal }) => api<SessionResponse>('/api/auth/get-session', { signal }),
    staleTime: 30_000,
    // A session that ended while the tab was hidden shows as soon as the tab is back.
    refetchOnWindowFocus: true,
    select: (data) => data?.user ?? null,
  });

export function useSession() {
  return useQuery(sessionQuery());
}

/** Whether this Turnout still needs its owner account (GET /api/setup). */
export const setupQuery = () =>
  queryOptions({ queryKey: setupKey, queryFn: ({ signal }) => api<{ needsOwner: boolean }>('/api/setup', { signal }) });

/** A sign-in's answer: the user, or `twoFactorRedirect` when a second factor must be given first (verifySecondFactor). */
export type SignInAnswer = { user?: SessionUser; twoFactorRedirect?: boolean };

export async function signIn(email: string, password: string) {
  const answer = await api<SignInAnswer>('/api/auth/sign-in/email', { method: 'POST', body: { email, password } });
  if (answer.user) announceSession('signed-in');
  return answer;
}

/** The second step of a sign-in with two-factor on: an authenticator code or a backup code (docs/product.md#two-factor-sign-in). */
export async function verifySecondFactor(kind: 'totp' | 'backup-code', code: string, trustDevice: boolean) {
  const answer = await api<{ user: SessionUser }>(`/api/auth/two-factor/verify-${kind}`, { method: 'POST', body: { code, trustDevice } });
  announceSession('signed-in');
  return answer;
}

/** Signs out here and, within a second, in this browser's other tabs (docs/product.md#sessions). */
export async function signOut() {
  const answer = await api<{ success: boolean }>('/api/auth/sign-out', { method: 'POST', body: {} });
  announceSession('signed-out');
  return answer;
}

export function useRefreshSession() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: sessionKey });
}

/** The greeting name of docs/product.md#dashboard: the account's display name (displayName()), else 'Admin'. */
export function greetingName(account: { name?: string | null; email?: string | null } | null | undefined): string {
  return (account && displayName(account)) || 'Admin';
}
