import type { Context } from 'hono';
import { deleteCookie, getCookie } from 'hono/cookie';
import { guestSeenCookie } from '../../../common/guest-cookie.ts';
import type { AppEnv } from '../../http/context.ts';

/** How long a browser remembers its answer to an event. */
const REMEMBER_SEC = 180 * 24 * 3600;

/** The manage secret of this browser's answer to one event: HttpOnly, sent only to the public API. */
const secretCookie = (eventId: string) => `trsvp_${eventId.replace(/-/g, '')}`;
const SECRET_PATH = '/api/public';

/**
 * Remembers on this browser that it answered `eventId` (docs/product.md#public-event-page): the manage secret in an
 * HttpOnly cookie that only the public API receives, and a readable marker (no secret) that tells
 * the event page to ask for the answer (common/guest-cookie.ts). Set by a first answer and by opening the manage link.
 */
export function rememberAnswer(c: Context<AppEnv>, eventId: string, manageSecret: string) {
  const secure = c.get('deps').env.PUBLIC_BASE_URL.startsWith('https:');
  const set = (name: string, value: string, attributes: string) =>
    c.header('Set-Cookie', `${name}=${encodeURIComponent(value)}${attributes}`, { append: true });
  set(secretCookie(eventId), manageSecret, secure ? SECRET_ATTRIBUTES.secure : SECRET_ATTRIBUTES.plain);
  set(guestSeenCookie(eventId), '1', secure ? SEEN_ATTRIBUTES.secure : SEEN_ATTRIBUTES.plain);
}

/**
 * What follows each cookie's value, exactly as hono's setCookie writes it for these fixed options
 * (guest-cookie.test.ts compares), made once: its checks and option objects cost every first answer (issue 36).
 */
function attributes(o: { path: string; httpOnly: boolean }) {
  const make = (secure: boolean) =>
    `; Max-Age=${REMEMBER_SEC}; Path=${o.path}${o.httpOnly ? '; HttpOnly' : ''}${secure ? '; Secure' : ''}; SameSite=Lax`;
  return { secure: make(true), plain: make(false) };
}
const SECRET_ATTRIBUTES = attributes({ path: SECRET_PATH, httpOnly: true });
const SEEN_ATTRIBUTES = attributes({ path: '/', httpOnly: false });

/** The manage secret this browser holds for `eventId`, if any. */
export const rememberedSecret = (c: Context<AppEnv>, eventId: string): string | undefined => getCookie(c, secretCookie(eventId));

/** Forgets a stale answer (rotated elsewhere, or the RSVP deleted). */
export function forgetAnswer(c: Context<AppEnv>, eventId: string) {
  deleteCookie(c, secretCookie(eventId), { path: SECRET_PATH });
  deleteCookie(c, guestSeenCookie(eventId), { path: '/' });
}
