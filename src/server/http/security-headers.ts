import type { MiddlewareHandler } from 'hono';
import { EMBED_ORIGIN_SHAPE } from '../../common/schemas/events.ts';
import type { AppEnv } from './context.ts';

const DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "form-action 'self' https://checkout.stripe.com",
  "base-uri 'self'",
  "object-src 'none'",
];
const CSP = [...DIRECTIVES, "frame-ancestors 'none'"].join('; ');

/**
 * Every answer's security headers. No page may be framed (clickjacking), except an embedded RSVP form by
 * the sites its host listed (`c.var.frameAncestors`, set by the page's head provider; ADR 0031): its CSP
 * names them and it carries no X-Frame-Options, which knows no list.
 */
export function securityHeaders(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    // Stored origins passed embedOrigin; checked again here, since this is where one becomes a directive.
    const framers = c.get('frameAncestors')?.filter((o) => EMBED_ORIGIN_SHAPE.test(o));
    if (framers?.length) h.set('Content-Security-Policy', [...DIRECTIVES, `frame-ancestors ${framers.join(' ')}`].join('; '));
    else {
      h.set('Content-Security-Policy', CSP);
      h.set('X-Frame-Options', 'DENY');
    }
    h.set('X-Content-Type-Options', 'nosniff');
    h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    h.set('Cross-Origin-Opener-Policy', 'same-origin');
    h.set('Permissions-Policy', 'camera=(self), microphone=(), geolocation=()');
  };
}
