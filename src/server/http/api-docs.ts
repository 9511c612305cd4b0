import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { version } from '../../../package.json';
import { escapeHtml } from '../../common/html-escape.ts';
import type { AppEnv } from './context.ts';
import { API_KEY_SCHEME, json, SESSION_COOKIE_SCHEME } from './openapi.ts';

/** Where scripts/build.mjs puts Scalar's browser bundle in the client build (scalar-<version>.js). */
export const API_DOCS_ASSET_DIR = 'api-docs';
export const OPENAPI_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';

const tags = ['API description'];
const TAG_ORDER = [
  'Accounts',
  'API keys',
  'Webhooks',
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

const docsRoute = createRoute({
  method: 'get',
  path: API_DOCS_PATH,
  summary: 'An interactive reference of this API (HTML)',
  tags,
  responses: { 200: { description: 'The reference page', content: { 'text/html': { schema: z.string() } } } },
});

/** The bundle's URL path in the client build, or null when the build has none (tests, `npm run dev` without a build). */
function scalarScript(clientDir: string): string | null {
  const dir = path.join(clientDir, API_DOCS_ASSET_DIR);
  const file = existsSync(dir) ? readdirSync(dir).find((name) => /^scalar-[\w.-]+\.js$/.test(name)) : undefined;
  return file ? `/${API_DOCS_ASSET_DIR}/${file}` : null;
}

/**
 * The reference page: no inline script (the app's Content-Security-Policy allows none), so Scalar
 * reads its configuration from the #api-reference element's data attributes.
 */
function docsPage(script: string | null): string {
  // Nothing from other origins (the CSP would refuse it anyway): no hosted fonts, no AI agent, no telemetry, no developer tools.
  const config = {
    url: OPENAPI_PATH,
    withDefaultFonts: false,
    hideClientButton: true,
    showDeveloperTools: 'never',
    agent: { disabled: true },
    telemetry: false,
  };
  const body = script
    ? `<div id="api-reference" data-url="${OPENAPI_PATH}" data-configuration="${escapeHtml(JSON.stringify(config))}"></div><script src="${script}"></script>`
    : `<p>The interactive reference comes with the client build (<code>npm run build</code>). The API description itself: <a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a>.</p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Turnout API reference</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"></head><body>${body}</body></html>`;
}

/**
 * GET /api/openapi.json (made once, on first request, from every route's createRoute declaration and
 * the hand-described Better Auth paths) and GET /api/docs, whose script is served from the client
 * build like any other asset (http/spa.ts).
 */
export function mountApiDocs(app: OpenAPIHono<AppEnv>, opts: { clientDir: string }) {
  app.openAPIRegistry.registerComponent('securitySchemes', SESSION_COOKIE_SCHEME, {
    type: 'apiKey',
    in: 'cookie',
    name: 'better-auth.session_token',
    description:
      'The session cookie set by POST /api/auth/sign-in/email (named __Secure-better-auth.session_token in production on https).',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', API_KEY_SCHEME, {
    type: 'http',
    scheme: 'bearer',
    description:
      "An API key made on the account page (/auth/account), sent as `Authorization: Bearer trn_…`. It works only on the routes that list its scope here, with its account's rights; every other route answers 403 `api_key_not_allowed`. Not subject to the same-origin rule.",
  });
  let document: z.infer<typeof ZOpenApiDocument> | undefined;
  app.openapi(documentRoute, (c) => {
    document ??= app.getOpenAPI31Document({
      openapi: '3.1.0',
      info: {
        title: 'Turnout API',
        version,
        description:
          'Invitations, RSVPs and tickets. Errors answer `{"error":{code,message,fields?}}`. Authenticate with the session cookie (browser writes must come from the same origin) or with an API key on the routes that list its scope.',
      },
      // The reference's order: what a host does first, then guests, then operations.
      tags: TAG_ORDER.map((name) => ({ name })),
    });
    return c.json(document, 200, { 'Cache-Control': 'no-cache' });
  });
  const page = docsPage(scalarScript(opts.clientDir));
  app.openapi(docsRoute, (c) => c.html(page, 200, { 'Cache-Control': 'no-cache' }));
}
