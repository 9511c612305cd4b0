import { EMAIL_DELIVERIES } from '../../common/email-delivery.ts';
import { z } from 'zod';
import { ZChangeEmail, ZChangePassword, ZRequestPasswordReset, ZResetPassword, ZUpdateUser } from '../../common/schemas/auth.ts';
import { ZAuthUser } from '../../common/schemas/auth.responses.ts';
import { errors, json, jsonBody, signedIn } from '../http/openapi.ts';
import type { createRouter } from '../http/validation.ts';

const ZStatus = z.object({ status: z.boolean() }).meta({ id: 'AuthStatus' });
const ZAccountSession = z
  .object({
    id: z.string(),
    token: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    expiresAt: z.string(),
    ipAddress: z.string().nullable().optional(),
    userAgent: z.string().nullable().optional(),
  })
  .meta({ id: 'AccountSession' });

/** The account endpoints of Better Auth the account screens use (docs/product.md#account), for /api/openapi.json. */
export function describeAccountPaths(r: ReturnType<typeof createRouter>) {
  const tags = ['Accounts'];
  const post = (
    path: string,
    summary: string,
    body: z.ZodType | null,
    ok: z.ZodType,
    statuses: (400 | 401 | 403 | 415 | 429)[],
    auth = true,
  ) =>
    r.openAPIRegistry.registerPath({
      method: 'post',
      path,
      summary,
      tags,
      ...(auth ? { security: signedIn } : {}),
      request: body ? jsonBody(body) : undefined,
      responses: { 200: json('Done', ok), ...errors(...statuses) },
    });
  post(
    '/request-password-reset',
    'Password recovery: e-mails a single-use link (30 minutes) when the address has an account; the same answer, after the same time, when not',
    ZRequestPasswordReset,
    z.object({ status: z.boolean(), message: z.string(), email_delivery: z.enum(EMAIL_DELIVERIES) }),
    [400, 403, 415, 429],
    false,
  );
  post(
    '/reset-password',
    "A recovery link's new password: ends every session of the account",
    ZResetPassword,
    ZStatus,
    [400, 403, 429],
    false,
  );
  post(
    '/change-password',
    'A new password, given the current one (revokeOtherSessions ends the others)',
    ZChangePassword,
    z.object({ token: z.string().nullable(), user: ZAuthUser }),
    [400, 401, 403, 429],
  );
  post(
    '/change-email',
    'Sends a confirmation link to the new address; the e-mail changes when it is opened',
    ZChangeEmail,
    ZStatus,
    [400, 401, 403],
  );
  post('/update-user', "Changes the account's name", ZUpdateUser, ZStatus, [400, 401, 403]);
  post('/revoke-session', 'Ends one session of this account (by its token)', z.object({ token: z.string() }), ZStatus, [400, 401, 403]);
  const ZPassword = z.object({ password: z.string() });
  const ZCode = z.object({ code: z.string(), trustDevice: z.boolean().optional() });
  post(
    '/two-factor/enable',
    'Starts two-factor: the TOTP URI and 10 backup codes; it is on once /two-factor/verify-totp accepts a code',
    ZPassword,
    z.object({ totpURI: z.string(), backupCodes: z.array(z.string()) }),
    [400, 401, 403, 429],
  );
  post('/two-factor/disable', 'Turns two-factor off (needs the password)', ZPassword, ZStatus, [400, 401, 403, 429]);
  post(
    '/two-factor/verify-totp',
    "A sign-in's second step (or the enrolment's confirmation): a 6-digit code",
    ZCode,
    z.object({ token: z.string(), user: ZAuthUser }),
    [400, 401, 403, 429],
    false,
  );
  post(
    '/two-factor/verify-backup-code',
    "A sign-in's second step with a one-time backup code",
    ZCode,
    z.object({ token: z.string(), user: ZAuthUser }),
    [400, 401, 403, 429],
    false,
  );
  post('/revoke-other-sessions', 'Ends every session of this account but this one', null, ZStatus, [401, 403]);
  r.openAPIRegistry.registerPath({
    method: 'get',
    path: '/verify-email',
    summary: "The link of the new address's confirmation e-mail: changes the account's e-mail, then redirects to callbackURL",
    tags,
    request: { query: z.object({ token: z.string(), callbackURL: z.string().optional() }) },
    responses: {
      302: { description: 'Changed: to callbackURL' },
      200: json('Changed (no callbackURL)', ZStatus),
      ...errors(400, 401, 409, 429),
    },
  });
  r.openAPIRegistry.registerPath({
    method: 'get',
    path: '/list-sessions',
    summary: "This account's active sessions",
    tags,
    security: signedIn,
    responses: { 200: json("The account's sessions", z.array(ZAccountSession)), ...errors(401) },
  });
}
