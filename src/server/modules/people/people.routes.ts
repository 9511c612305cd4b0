import { createRoute, z } from '@hono/zod-openapi';
import { ZInstanceSettingsPatch, ZInviteHost } from '../../../common/schemas/people.ts';
import { ZHostingInvitation, ZInstanceSettings, ZPeople, ZPersonAnswer } from '../../../common/schemas/people.responses.ts';
import { currentUser, requireAdmin, requireUser } from '../../auth/middleware.ts';
import { errors, json, jsonBody, signedIn } from '../../http/openapi.ts';
import { enforce, type LimitRule } from '../../http/rate-limit.ts';
import { createRouter } from '../../http/validation.ts';
import { getInstanceSettings, updateInstanceSettings } from './instance-settings.ts';
import { inviteHost } from './invite-host.ts';
import { listPeople } from './list-people.ts';
import { deactivateAccount, reactivateAccount } from './set-account-active.ts';

/** Invitations one owner sends (each is an e-mail). */
export const PEOPLE_LIMITS = {
  invitesPerOwner: { name: 'people-invite', points: 20, windowSec: 60 * 60 },
} as const satisfies Record<string, LimitRule>;

const tags = ['People'];
const ZId = z.object({ id: z.string().max(200) });

const listRoute = createRoute({
  method: 'get',
  path: '/api/people',
  summary: 'Everyone with an account, their events and roles, and open invitations (owner only)',
  tags,
  security: signedIn,
  responses: { 200: json('People, oldest account first', ZPeople), ...errors(401, 403) },
});
const inviteRoute = createRoute({
  method: 'post',
  path: '/api/people/invitations',
  summary: 'Invite someone to host on this Turnout: a sign-up link is e-mailed (owner only)',
  tags,
  security: signedIn,
  request: jsonBody(ZInviteHost),
  responses: { 201: json('Invited', z.strictObject({ invitation: ZHostingInvitation })), ...errors(400, 401, 403, 409, 413, 415, 429) },
});
const deactivateRoute = createRoute({
  method: 'post',
  path: '/api/people/{id}/deactivate',
  summary: 'Deactivate an account: its sessions end, it cannot sign in, its events pass to the owner (owner only)',
  tags,
  security: signedIn,
  request: { params: ZId },
  responses: { 200: json('Deactivated', ZPersonAnswer), ...errors(400, 401, 403, 404) },
});
const reactivateRoute = createRoute({
  method: 'post',
  path: '/api/people/{id}/reactivate',
  summary: 'Let a deactivated account sign in again (owner only)',
  tags,
  security: signedIn,
  request: { params: ZId },
  responses: { 200: json('Reactivated', ZPersonAnswer), ...errors(401, 403, 404) },
});
const getSettingsRoute = createRoute({
  method: 'get',
  path: '/api/settings',
  summary: "This Turnout's settings (any signed-in user: the admin shows what they require)",
  tags,
  security: signedIn,
  responses: { 200: json('The settings', ZInstanceSettings), ...errors(401) },
});
const patchSettingsRoute = createRoute({
  method: 'patch',
  path: '/api/settings',
  summary: "Change this Turnout's settings (owner only)",
  tags,
  security: signedIn,
  request: jsonBody(ZInstanceSettingsPatch),
  responses: { 200: json('The settings now', ZInstanceSettings), ...errors(400, 401, 403, 413, 415) },
});

/** The owner's People page (docs/product.md#people) and this Turnout's settings. */
export function peopleRoutes() {
  const r = createRouter();
  r.use('/api/people', requireAdmin);
  r.use('/api/people/*', requireAdmin);
  r.openapi(listRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await listPeople({ db: c.var.deps.db }), 200);
  });
  r.openapi(inviteRoute, async (c) => {
    const actor = currentUser(c);
    await enforce(c, PEOPLE_LIMITS.invitesPerOwner, actor.id);
    const { db, env } = c.var.deps;
    const invitation = await inviteHost({ db, log: c.var.log, baseUrl: env.PUBLIC_BASE_URL, actor, email: c.req.valid('json').email });
    return c.json({ invitation }, 201);
  });
  r.openapi(deactivateRoute, async (c) => {
    const opts = { db: c.var.deps.db, log: c.var.log, actor: currentUser(c), id: c.req.valid('param').id };
    const answer = await deactivateAccount(opts);
    // Its sessions are gone: this app's brief session cache forgets them now (ADR 0039).
    c.var.deps.caches.sessions.clear();
    return c.json(answer, 200);
  });
  r.openapi(reactivateRoute, async (c) => {
    const opts = { db: c.var.deps.db, log: c.var.log, actor: currentUser(c), id: c.req.valid('param').id };
    return c.json(await reactivateAccount(opts), 200);
  });
  r.use('/api/settings', (c, next) => (c.req.method === 'GET' ? requireUser(c, next) : requireAdmin(c, next)));
  r.openapi(getSettingsRoute, async (c) => c.json(await getInstanceSettings(c.var.deps.db), 200));
  r.openapi(patchSettingsRoute, async (c) => {
    const settings = await updateInstanceSettings({
      db: c.var.deps.db,
      log: c.var.log,
      actorId: currentUser(c).id,
      patch: c.req.valid('json'),
    });
    return c.json(settings, 200);
  });
  return r;
}
