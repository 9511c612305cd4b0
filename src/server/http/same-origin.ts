import type { MiddlewareHandler } from 'hono';
import { AppError } from '../errors.ts';
import type { AppEnv } from './context.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses a state-changing API request that a browser sent from another site: its Origin header
 * (sent by every current browser on a POST, PUT, PATCH or DELETE) must be PUBLIC_BASE_URL's origin.
 * Requests without Origin come from no browser (scripts, the CLI, servers) and carry no victim's
 * session of their own accord, so they pass, as do requests an API key authenticated. Next to SameSite=Lax cookies and JSON-only bodies, this
 * closes cross-site form posts to public endpoints and login CSRF. `npm run dev` rewrites the Origin
 * of Vite's proxy to the API's (vite.config.ts).
 */
export function sameOriginWrites(): MiddlewareHandler<AppEnv> {
  let allowed: string | undefined;
  return async (c, next) => {
    // An API key authenticates on its own, and a browser never sends one by itself (auth/api-keys.ts).
    if (!SAFE.has(c.req.method) && !c.get('apiKey')) {
      const origin = c.req.header('origin');
      allowed ??= new URL(c.get('deps').env.PUBLIC_BASE_URL).origin;
      if (origin !== undefined && origin !== allowed) {
        throw new AppError('forbidden', 'Cross-site request refused: send it from this site’s own pages.');
      }
    }
    await next();
  };
}
