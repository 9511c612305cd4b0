import { createRoute, z } from '@hono/zod-openapi';
import { ZEmail } from '../../../../common/schemas/email.ts';
import { ZHostInput, ZHostRole } from '../../../../common/schemas/checkin.ts';
import { ZHostAnswer, ZHostList } from '../../../../common/schemas/events.responses.ts';
import { currentUser, requireUser } from '../../../auth/middleware.ts';
import { errors, json, jsonBody, signedIn, signedInOrKey } from '../../../http/openapi.ts';
import { createRouter } from '../../../http/validation.ts';
import { ZEventIdParam } from '../../../domain/event-access.ts';
import { addHost } from './add-host.ts';
import { listHosts } from './list-hosts.ts';
import { removeHost } from './remove-host.ts';
import { setHostRole } from './set-host-role.ts';

const ZId = z.object({ id: ZEventIdParam });

const tags = ['Co-hosts'];

const listRoute = createRoute({
  method: 'get',
  path: '/{id}/hosts',
  summary: "List an event's co-hosts",
  tags,
  security: signedInOrKey('events:read'),
  request: { params: ZId },
  responses: { 200: json('Hosts, oldest first', ZHostList), ...errors(401, 404) },
});
const addRoute = createRoute({
  method: 'post',
  path: '/{id}/hosts',
  summary: 'Add a co-host or door staff by e-mail (owner only): an invitation or a note is e-mailed',
  tags,
  security: signedIn,
  request: { params: ZId, ...jsonBody(ZHostInput) },
  responses: { 201: json('Added', ZHostAnswer), ...errors(400, 401, 403, 404, 409, 413, 415) },
});
const roleRoute = createRoute({
  method: 'patch',
  path: '/{id}/hosts/{email}',
  summary: "Change a team member's role: co-host or door staff (owner only)",
  tags,
  security: signedIn,
  request: { params: ZId.extend({ email: ZEmail }), ...jsonBody(ZHostRole) },
  responses: { 200: json('Changed', ZHostAnswer), ...errors(400, 401, 403, 404, 413, 415) },
});
const removeRoute = createRoute({
  method: 'delete',
  path: '/{id}/hosts/{email}',
  summary: 'Remove a co-host (owner only)',
  tags,
  security: signedIn,
  request: { params: ZId.extend({ email: ZEmail }) },
  responses: { 204: { description: 'Removed' }, ...errors(401, 403, 404) },
});

/**
 * /api/events/:id/hosts: co-host e-mails. Owner and co-hosts read the list; only the owner adds or
 * removes (a co-host gets 403); anyone else 404.
 */
export function hostsRoutes() {
  const r = createRouter();
  r.use('*', requireUser);
  r.openapi(listRoute, async (c) =>
    c.json({ hosts: await listHosts({ db: c.var.deps.db, actor: currentUser(c), eventId: c.req.valid('param').id }) }, 200),
  );
  r.openapi(addRoute, async (c) => {
    const { db, env } = c.var.deps;
    const host = await addHost({
      db,
      log: c.var.log,
      baseUrl: env.PUBLIC_BASE_URL,
      actor: currentUser(c),
      eventId: c.req.valid('param').id,
      ...c.req.valid('json'),
    });
    return c.json({ host }, 201);
  });
  r.openapi(roleRoute, async (c) => {
    const { id, email } = c.req.valid('param');
    const host = await setHostRole({
      db: c.var.deps.db,
      log: c.var.log,
      actor: currentUser(c),
      eventId: id,
      email,
      role: c.req.valid('json').role,
    });
    return c.json({ host }, 200);
  });
  r.openapi(removeRoute, async (c) => {
    const { id, email } = c.req.valid('param');
    await removeHost({ db: c.var.deps.db, log: c.var.log, actor: currentUser(c), eventId: id, email });
    return c.body(null, 204);
  });
  return r;
}
