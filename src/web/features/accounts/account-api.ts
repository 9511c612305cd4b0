import type { EmailDelivery } from '../../../common/email-delivery.ts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** One active session of the signed-in account (Better Auth's list-sessions). */
export type AccountSession = {
  id: string;
  token: string;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
  ipAddress?: string | null;
  userAgent?: string | null;
};

export const sessionsKey = ['account', 'sessions'] as const;

export const sessionsQuery = () =>
  queryOptions({
    queryKey: sessionsKey,
    queryFn: ({ signal }) => api<AccountSession[]>('/api/auth/list-sessions', { signal }),
  });

const post = <T>(path: string, body: unknown) => api<T>(`/api/auth${path}`, { method: 'POST', body });

export const requestPasswordReset = (email: string) =>
  post<{ status: boolean; message: string; email_delivery: EmailDelivery }>('/request-password-reset', { email });
export const resetPassword = (token: string, newPassword: string) => post<{ status: boolean }>('/reset-password', { token, newPassword });
export const updateName = (name: string) => post<{ status: boolean }>('/update-user', { name });
export const changeEmail = (newEmail: string) =>
  post<{ status: boolean }>('/change-email', { newEmail, callbackURL: '/auth/account?email=confirmed' });
export const changePassword = (currentPassword: string, newPassword: string, revokeOtherSessions: boolean) =>
  post<{ token: string | null }>('/change-password', { currentPassword, newPassword, revokeOtherSessions });
export const revokeSession = (token: string) => post<{ status: boolean }>('/revoke-session', { token });
export const revokeOtherSessions = () => post<{ status: boolean }>('/revoke-other-sessions', {});
