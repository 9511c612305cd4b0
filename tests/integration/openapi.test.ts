import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { Validator } from '@seriousme/openapi-schema-validator';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import pkg from '../../package.json' with { type: 'json' };
import { SAMPLE_PRODUCT } from '../../src/common/routes.ts';
import { WEBHOOK_EVENT_TYPES } from '../../src/common/schemas/webhooks.ts';
import { createApp } from '../../src/server/app.ts';
import { insertEvent, rsvpInput } from '../factories/rsvps.ts';
import { signedInUser, TEST_PASSWORD } from '../factories/users.ts';
import { cookiesFrom, createTestApp } from '../support/app.ts';

const t = await createTestApp({ RATE_LIMIT: 'false' });
/** An app without accounts yet, for the one-time owner setup. */
const fresh = await createTestApp({ RATE_LIMIT: 'false' });

type Operation = { summary?: string; operationId?: string; responses: Record<string, { content?: Record<string, { schema?: unknown }> }> };
type Doc = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/**
 * /api routes answered by something other than a described route: the 404 of unknown /api paths
 * (method ALL, like every middleware). The Better Auth endpoints the app forwards are described by hand.
 */
const UNDESCRIBED: string[] = [];

const doc = (await (await t.request('/api/openapi.json')).json()) as Doc;

/** The route declarations (createRoute / registerPath) the document is made from, with their zod schemas. */
const declared = t.app.openAPIRegistry.definitions.flatMap((d) => (d.type === 'route' ? [d.route] : []));

const templateRegex = (template: string) => new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);

/** The zod schema the route of `method path` declares for a JSON answer of `status`. */
function declaredSchema(method: string, path: string, status: number): z.ZodType {
  const candidates = declared
    .filter((r) => r.method === method.toLowerCase() && templateRegex(r.path).test(path))
    // The most literal template wins (/api/public/events/{id}/legacy-rsvp over /api/public/events/{idOrSlug}…).
    .sort((a, b) => b.path.replace(/\{[^}]+\}/g, '').length - a.path.replace(/\{[^}]+\}/g, '').length);
  const route = candidates[0];
  if (!route) throw new Error(`no route declared for ${method} ${path}`);
  const answer = route.responses[status] as { content?: Record<string, { schema?: z.ZodType }> } | undefined;
  const schema = answer?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`${method} ${route.path} declares no JSON answer for ${status}`);
  return schema;
}

/** A request whose JSON answer must parse with the schema its route declares for that status. */
async function call(method: string, path: string, init: { json?: unknown; cookie?: string; body?: BodyInit } = {}, app = t) {
  const res = await app.request(path, { method, ...init });
  const text = await res.text();
  const body: unknown = JSON.parse(text);
  const parsed = declaredSchema(method, path.split('?')[0]!, res.status).safeParse(body);
  if (!parsed.success) throw new Error(`${method} ${path} → ${res.status} does not match its schema: ${parsed.error.message}\n${text}`);
  // biome-ignore lint/suspicious/noExplicitAny: the answer was checked against its schema just above; tests read its fields
  return { status: res.status, res, body: body as Record<string, any> };
}

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document of the Turnout API with the cookie session scheme', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: 'Turnout API', version: pkg.version });
    expect(doc.components.securitySchemes.sessionCookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' });
  });

  it('documents every webhook event type with its signed headers and versioned payload', () => {
    const hooks = (
      doc as unknown as { webhooks: Record<string, { post: { requestBody: { content: Record<string, { schema: { $ref: string } }> } } }> }
    ).webhooks;
    expect(Object.keys(hooks).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    const schemas = (doc.components as unknown as { schemas: Record<string, { properties: Record<string, unknown> }> }).schemas;
    for (const type of WEBHOOK_EVENT_TYPES) {
      const ref = hooks[type]!.post.requestBody.content['application/json']!.schema.$ref;
      const schema = schemas[ref.replace('#/components/schemas/', '')]!;
      expect(Object.keys(schema.properties)).toEqual(['version', 'type', 'timestamp', 'data']);
    }
    expect(JSON.stringify(hooks['rsvp.created'])).toContain('webhook-signature');
  });

  it('passes an independent OpenAPI 3.1 validator (the schema of the OpenAPI Initiative)', async () => {
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('gives every operation a summary and a 2xx answer (or a redirect); every 2xx with a body has a schema', () => {
    for (const [path, item] of Object.entries(doc.paths)) {
      const ops = Object.entries(item).filter(([m]) => METHODS.includes(m));
      expect(ops.length, path).toBeGreaterThan(0);
      let withSchema = 0;
      for (const [method, op] of ops) {
        expect(op.summary || op.operationId, `${method} ${path}`).toBeTruthy();
        // A redirect is the success answer of a short link (/s/{code}); it has no body.
        const ok = Object.entries(op.responses).filter(([status]) => /^(2\d\d|30[1278])$/.test(status));
        expect(ok.length, `${method} ${path} has a 2xx answer`).toBeGreaterThan(0);
        for (const [status, answer] of ok) {
          if (status === '204' || status.startsWith('3')) continue;
          const types = Object.entries(answer.content ?? {});
          expect(types.length, `${method} ${path} ${status} declares its content`).toBeGreaterThan(0);
          for (const [type, media] of types) expect(media.schema, `${method} ${path} ${status} ${type}`).toBeTruthy();
          withSchema++;
        }
      }
      // Only a path whose operations all answer 204 or a redirect (no body) goes without a 2xx schema.
      const onlyNoContent = ops.every(([, op]) =>
        Object.keys(op.responses)
          .filter((s) => /^[23]/.test(s))
          .every((s) => s === '204' || s.startsWith('3')),
      );
      if (!onlyNoContent) expect(withSchema, `${path} has a 2xx answer with a schema`).toBeGreaterThan(0);
    }
  });

  it('describes every /api route the app registers', () => {
    const described = new Set(
      Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`)),
    );
    const registered = new Set(
      t.app.routes
        .filter((r) => r.path.startsWith('/api') && r.method !== 'ALL' && !UNDESCRIBED.includes(r.path))
        .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`),
    );
    expect([...registered].filter((r) => !described.has(r))).toEqual([]);
    expect(registered.size).toBeGreaterThan(20);
  });

  it('describes the Better Auth endpoints the web app uses', () => {
    expect(doc.paths['/api/auth/sign-in/email']?.post?.responses['200']?.content?.['application/json']?.schema).toBeTruthy();
    expect(doc.paths['/api/auth/sign-out']?.post).toBeTruthy();
    expect(doc.paths['/api/auth/get-session']?.get).toBeTruthy();
  });
});

describe('real answers parse with the schemas their routes declare', () => {
  it('events, co-hosts and themes (host side)', async () => {
    const owner = await signedInUser(t);
    const { cookie } = owner;
    const created = await call('POST', '/api/events', {
      cookie,
      json: { title: 'Schema Party', event_date: '2031-05-01T18:00:00.000Z', max_attendees: 40, ticket_price: null },
    });
    expect(created.status).toBe(201);
    const id = created.body.event.id as string;
    expect((await call('GET', `/api/events/${id}`, { cookie })).status).toBe(200);
    expect((await call('PATCH', `/api/events/${id}`, { cookie, json: { subtitle: 'Now with a subtitle' } })).status).toBe(200);
    expect((await call('GET', '/api/events', { cookie })).body.events).toHaveLength(1);
    expect((await call('POST', `/api/events/${id}/hosts`, { cookie, json: { email: 'cohost@example.com' } })).status).toBe(201);
    expect((await call('GET', `/api/events/${id}/hosts`, { cookie })).body.hosts).toHaveLength(1);
    const themes = await call('GET', '/api/themes', { cookie });
    expect(themes.body.themes.length).toBeGreaterThan(0);
    const colors = { primary: '#112233', secondary: '#445566', accent: '#778899', background: '#ffffff', text: '#000000' };
    expect((await call('POST', '/api/themes', { cookie, json: { name: 'Night', colors } })).status).toBe(201);
    // Errors are in the one error shape.
    expect((await call('GET', '/api/events/00000000-0000-4000-8000-000000000000', { cookie })).status).toBe(404);
    expect((await call('POST', '/api/events', { cookie, json: { title: '' } })).status).toBe(400);
    expect((await call('GET', '/api/events')).status).toBe(401);
  });

  it('a public event read, an RSVP create and update, a ticket read and its regeneration', async () => {
    const owner = await signedInUser(t);
    const event = await insertEvent(t, { user_id: owner.id, max_attendees: 10 });
    expect((await call('GET', `/api/public/events/${event.slug}`)).body.event.seats_left).toBe(10);
    expect((await call('GET', `/api/public/events?id=${event.id}`)).status).toBe(200);

    const answer = rsvpInput();
    const created = await call('POST', `/api/public/events/${event.id}/rsvps`, { json: answer });
    expect(created.status).toBe(201);
    const updated = await call('POST', `/api/public/events/${event.id}/rsvps`, { json: { ...answer, guest_count: 2 } });
    expect(updated.status).toBe(200);

    const secret = String(created.body.ticket_url).split('/').pop()!;
    const ticket = await call('GET', `/api/public/tickets/${secret}`);
    expect(ticket.body.pin).toMatch(/^\d{6}$/);
    const rsvpId = created.body.rsvp.id as string;
    const rotated = await call('POST', `/api/events/${event.id}/rsvps/${rsvpId}/regenerate-qr`, { cookie: owner.cookie });
    expect(rotated.body.qr_version).toBe(2);
    expect((await call('GET', `/api/public/tickets/${secret}`)).status).toBe(404);
  });

  it("the sample page's legacy form", async () => {
    await signedInUser(t, { role: 'admin' }); // the sample event's owner
    const sample = await call('GET', `/api/public/events/${SAMPLE_PRODUCT}`);
    const legacy = await call('POST', `/api/public/events/${sample.body.event.id}/legacy-rsvp`, {
      json: { preferred_name: 'Sam', phone: '+1 555 0100 200', rsvp: true },
    });
    expect(legacy.status).toBe(201);
  });

  it('accounts: setup, sign-in, session, sign-out', async () => {
    expect((await call('GET', '/api/setup', {}, fresh)).body.needsOwner).toBe(true);
    const setup = await call(
      'POST',
      '/api/setup/owner',
      { json: { name: 'Maya Berg', email: 'owner@example.com', password: TEST_PASSWORD } },
      fresh,
    );
    expect(setup.body.user.email).toBe('owner@example.com');
    expect((await call('GET', '/api/auth/get-session', { cookie: cookiesFrom(setup.res) }, fresh)).body.user.role).toBe('admin');
    const owner = await signedInUser(t);
    const signIn = await call('POST', '/api/auth/sign-in/email', { json: { email: owner.email, password: TEST_PASSWORD } });
    const cookie = cookiesFrom(signIn.res);
    expect((await call('GET', '/api/auth/get-session', { cookie })).body.user.email).toBe(owner.email);
    expect((await call('POST', '/api/auth/sign-out', { cookie, json: {} })).body.success).toBe(true);
    expect((await call('POST', '/api/auth/sign-in/email', { json: { email: owner.email, password: 'wrong-password' } })).status).toBe(401);
  });

  it('an image upload, and health', async () => {
    const owner = await signedInUser(t);
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set('file', new File([new Uint8Array(png)], 'photo.png', { type: 'image/png' }));
    expect((await call('POST', '/api/media', { cookie: owner.cookie, body: form })).status).toBe(201);
    expect((await call('GET', '/healthz')).status).toBe(200);
    expect((await call('GET', '/livez')).status).toBe(200);
  });
});

describe('GET /api/docs', () => {
  /** A client build holding the reference's bundle as scripts/build.mjs leaves it: the file and its brotli form. */
  function clientWithReference() {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'turnout-docs-'));
    mkdirSync(path.join(dir, 'api-docs'));
    const js = 'window.Scalar = {};\n'.repeat(100);
    writeFileSync(path.join(dir, 'api-docs', 'scalar-1.2.3.js'), js);
    // Quality 0: unlike what the server would make on the fly (11), so the test tells the two apart.
    writeFileSync(
      path.join(dir, 'api-docs', 'scalar-1.2.3.js.br'),
      brotliCompressSync(js, { params: { [constants.BROTLI_PARAM_QUALITY]: 0 } }),
    );
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    return { app: createApp(t.deps, { clientDir: dir }).app, dir };
  }

  it('is an HTML page without inline script that loads the bundle from the client build and points it at the document', async () => {
    const { app, dir } = clientWithReference();
    const res = await app.request('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('id="api-reference" data-url="/api/openapi.json"');
    // Every <script> loads a file: the CSP (script-src 'self') runs nothing inline.
    const scripts = html.match(/<script[^>]*>[^<]*<\/script>/g) ?? [];
    expect(scripts).toEqual(['<script src="/api-docs/scalar-1.2.3.js"></script>']);

    const bundle = await app.request('/api-docs/scalar-1.2.3.js', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toMatch(/^text\/javascript/);
    // The brotli form made at build time is sent as it is.
    expect(bundle.headers.get('content-encoding')).toBe('br');
    expect(Buffer.from(await bundle.arrayBuffer())).toEqual(readFileSync(path.join(dir, 'api-docs', 'scalar-1.2.3.js.br')));
  });

  it('says how to get the reference when the client build has none', async () => {
    const html = await (await t.request('/api/docs')).text();
    expect(html).not.toContain('<script');
    expect(html).toContain('href="/api/openapi.json"');
  });
});
