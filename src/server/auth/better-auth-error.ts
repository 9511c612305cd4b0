import { ACCOUNT_DEACTIVATED, MSG, PASSWORD_TOO_SHORT, TOTP_CODE_USED } from '../../common/messages.ts';
import { AppError, type FieldErrors, errorForStatus, malformedJson } from '../errors.ts';
import { invalidFields } from '../http/validation.ts';

type BetterAuthBody = { message?: unknown; code?: unknown };

/** Better Auth's codes that name one field of ours. */
const FIELD_OF_CODE: Record<string, [field: string, message: string]> = {
  INVALID_EMAIL: ['email', 'Please enter a valid email address.'],
  INVALID_PASSWORD: ['password', 'Invalid password.'],
  PASSWORD_TOO_SHORT: ['password', PASSWORD_TOO_SHORT],
  PASSWORD_TOO_LONG: ['password', MSG.passwordTooLong],
  INVALID_TOKEN: ['token', 'This link is invalid, used or expired. Ask for a new one.'],
  TOKEN_EXPIRED: ['token', 'This link is invalid, used or expired. Ask for a new one.'],
  // A wrong second-factor code is a 400 on the field, not Better Auth's 401: it is no lost session.
  INVALID_CODE: ['code', 'That code is not right. Check your authenticator app and try again.'],
  INVALID_BACKUP_CODE: ['code', 'That backup code is not right, or was used already.'],
  TOTP_CODE_USED: ['code', TOTP_CODE_USED],
};

/** Fields that an endpoint names differently (path under /api/auth → Better Auth's code → our field). */
const FIELD_OF_PATH: Record<string, Record<string, [field: string, message: string]>> = {
  '/change-password': { INVALID_PASSWORD: ['currentPassword', 'The current password is not right.'] },
  '/reset-password': { PASSWORD_TOO_SHORT: ['newPassword', PASSWORD_TOO_SHORT], PASSWORD_TOO_LONG: ['newPassword', MSG.passwordTooLong] },
};

async function bodyOf(res: Response): Promise<BetterAuthBody> {
  const text = await res.text().catch(() => '');
  try {
    const data: unknown = JSON.parse(text);
    return data && typeof data === 'object' ? (data as BetterAuthBody) : {};
  } catch {
    return {};
  }
}

/** better-call's validation message: `[body.email] Invalid input; [body.password] Too short` → fields. */
function fieldsOfValidation(message: string): FieldErrors | undefined {
  const fields: FieldErrors = {};
  for (const m of message.matchAll(/\[(?:body|query)\.([^\]]+)\]\s*([^;]*)/g)) fields[m[1]!] ??= m[2]!.trim() || 'Invalid value';
  return Object.keys(fields).length ? fields : undefined;
}

/** The answers that say a password checked (not sign-in's) was wrong: they count as failed sign-ins. */
const wrongPasswords = new WeakSet<Error>();

/** Whether `err` is the answer to a wrong current password (change-password, two-factor enable/disable). */
export const isWrongPassword = (err: unknown): boolean => err instanceof Error && wrongPasswords.has(err);

/**
 * A Better Auth error answer (status ≥ 400) as our AppError: the status is kept, the code and body
 * are ours. Wrong e-mail or password is `invalid_credentials` (401), which the sign-in screen shows.
 */
export async function betterAuthError(res: Response, path?: string): Promise<AppError> {
  const body = await bodyOf(res);
  const code = typeof body.code === 'string' ? body.code : undefined;
  const message = typeof body.message === 'string' && body.message ? body.message : undefined;

  if (res.status >= 500) return new AppError('internal', `Better Auth answered ${res.status}${message ? `: ${message}` : ''}`);
  if (code === 'ACCOUNT_DEACTIVATED') return new AppError('account_deactivated', ACCOUNT_DEACTIVATED);
  if (code === 'INVALID_EMAIL_OR_PASSWORD') return new AppError('invalid_credentials', 'Invalid email or password.');
  if (res.status === 400 && message && /json/i.test(message)) return malformedJson();
  const field = code ? (FIELD_OF_PATH[path ?? '']?.[code] ?? FIELD_OF_CODE[code]) : undefined;
  if (field) {
    const err = invalidFields({ [field[0]]: field[1] });
    if (code === 'INVALID_PASSWORD') wrongPasswords.add(err);
    return err;
  }
  const fields = code === 'VALIDATION_ERROR' && message ? fieldsOfValidation(message) : undefined;
  if (fields) return invalidFields(fields);
  if (code === 'VALIDATION_ERROR') return new AppError('validation_failed', message ?? 'Please correct the request.');
  if (res.status === 404 && !message) return new AppError('not_found', 'No such API endpoint.');
  return errorForStatus(res.status, message);
}
