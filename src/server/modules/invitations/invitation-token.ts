import { createHash, randomBytes } from 'node:crypto';

/** 14 days: long enough for a busy co-host, short enough that an old mail is not a standing key. */
export const INVITATION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/** A 256-bit random token for the link; only its hash is stored. */
export function newInvitationToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashInvitationToken(token) };
}

export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
