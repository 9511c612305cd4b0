import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { version } from '../../../package.json';
import type { AppEnv } from './context.ts';
import { json, SESSION_COOKIE_SCHEME } from './openapi.ts';

export const OPENAPI_PATH = '/api/openapi.json';

const tags = ['API description'];
const TAG_ORDER = [
  'Accounts',
  'Setup',
  'Events',
  'Co-hosts',
  'Themes',
  'Media',
  'Invitations',
  'Public events',
  'RSVPs',
  'Tickets',
  'Dev mailbox',
  'Health',
  ...tags,
];

/** The document's outline (its parts are OpenAPI's own). */
const ZOpenApiDocument = z.object({ openapi: z.string(), info: z.unknown(), paths: z.unknown().optional() });

const documentRoute = createRoute({
  method: 'get',
  path: OPENAPI_PATH,
  summary: 'This API, described as OpenAPI 3.1',
  tags,
  responses: { 200: json('The OpenAPI document', ZOpenApiDocument) },
});

/**
 * GET /api/openapi.json, made once, on first request, from every route's createRoute declaration and
 * the hand-described Better Auth paths.
 */
export function mountApiDocs(app: OpenAPIHono<AppEnv>) {
  app.openAPIRegistry.registerComponent('securitySchemes', SESSION_COOKIE_SCHEME, {
    type: 'apiKey',
    in: 'cookie',
    name: 'better-auth.session_token',
    description:
      'The session cookie set by POST /api/auth/sign-in/email (named __Secure-better-auth.session_token in production on https).',
  });
  let document: z.infer<typeof ZOpenApiDocument> | undefined;
  app.openapi(documentRoute, (c) => {
    document ??= app.getOpenAPI31Document({
      openapi: '3.1.0',
      info: {
        title: 'Turnout API',
        version,
        description:
          'Invitations, RSVPs and tickets. Errors answer `{"error":{code,message,fields?}}`; writes must come from the same origin.',
      },
      // The reference's order: what a host does first, then guests, then operations.
      tags: TAG_ORDER.map((name) => ({ name })),
    });
    return c.json(document, 200, { 'Cache-Control': 'no-cache' });
  });
}
