import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api.ts';

export type SessionUser = { id: string; email: string; name: string; role: string };
type SessionResponse = { user: SessionUser; session: { expiresAt: string } } | null;

export const sessionKey = ['session'] as const;
export const setupKey = ['setup'] as const;

/** The signed-in user (null when signed out). Shared by every screen through the query cache. */
export const sessionQuery = () =>
  queryOptions({
    queryKey: sessionKey,
    queryFn: ({ signal }) => api<SessionResponse>('/api/auth/get-session', { signal }),
    staleTime: 30_000,
    select: (data) => data?.user ?? null,
  });

export function useSession() {
  return useQuery(sessionQuery());
}

/** Whether this Turnout still needs its owner account (GET /api/setup). */
export const setupQuery = () =>
  queryOptions({ queryKey: setupKey, queryFn: ({ signal }) => api<{ needsOwner: boolean }>('/api/setup', { signal }) });

export async function signIn(email: string, password: string) {
  return api<{ user: SessionUser }>('/api/auth/sign-in/email', { method: 'POST', body: { email, password } });
}

export async function signOut() {
  return api<{ success: boolean }>('/api/auth/sign-out', { method: 'POST', body: {} });
}

export function useRefreshSession() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: sessionKey });
}

/** The greeting name of docs/product.md#dashboard: the part of the e-mail before the @, else 'Admin'. */
export function greetingName(email: string | undefined | null): string {
  const local = email?.split('@')[0]?.trim();
  return local || 'Admin';
}
