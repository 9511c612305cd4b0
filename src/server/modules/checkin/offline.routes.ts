import { createRoute, z } from '@hono/zod-openapi';
import {
  ZOfflineDeviceList,
  ZOfflineSnapshot,
  ZOfflineSync,
  ZOfflineSyncResult,
  ZPrepareOffline,
} from '../../../common/schemas/checkin-offline.ts';
import { currentUser } from '../../auth/middleware.ts';
import { ZEventIdParam } from '../../domain/event-access.ts';
import type { AppEnv } from '../../http/context.ts';
import { errors, json, jsonBody, signedIn } from '../../http/openapi.ts';
import { createRouter } from '../../http/validation.ts';
import { AppError } from '../../errors.ts';
import { listDevices, liveDevice, prepareOffline, revokeDevice } from './offline-device.ts';
import { syncOffline } from './sync-offline.ts';

// A session only (no API key): a prepared device is one browser's session, and signing out must end it.
const tags = ['Check-in'];
const guarded = { tags, security: signedIn };
const ZEvent = z.object({ eventId: ZEventIdParam });
const ZDevice = z.object({ eventId: ZEventIdParam, deviceId: z.string().openapi({ description: 'The prepared device' }) });

const listRoute = createRoute({
  ...guarded,
  method: 'get',
  path: '/api/checkin/{eventId}/offline',
  summary: "The event's devices prepared for offline, and those revoked in the last 24 hours (owner and co-hosts)",
  request: { params: ZEvent },
  responses: { 200: json('Who holds the guest list, newest contact first', ZOfflineDeviceList), ...errors(401, 404) },
});
const prepareRoute = createRoute({
  ...guarded,
  method: 'post',
  path: '/api/checkin/{eventId}/offline',
  summary: 'Prepare (or refresh) this device for offline check-in: its key and the guest list with hashed codes',
  request: { params: ZEvent, ...jsonBody(ZPrepareOffline) },
  responses: { 200: json('What the device keeps, encrypted', ZOfflineSnapshot), ...errors(400, 401, 404, 410, 413, 415) },
});
const syncRoute = createRoute({
  ...guarded,
  method: 'post',
  path: '/api/checkin/{eventId}/offline/{deviceId}/sync',
  summary: "Upload a device's queued offline scans in order (each once by its nonce); answers the conflicts it is part of",
  request: { params: ZDevice, ...jsonBody(ZOfflineSync) },
  responses: { 200: json('Each scan’s verdict and the conflicts', ZOfflineSyncResult), ...errors(400, 401, 404, 410, 413, 415) },
});
const revokeRoute = createRoute({
  ...guarded,
  method: 'delete',
  path: '/api/checkin/{eventId}/offline/{deviceId}',
  summary: 'Revoke a prepared device (its user, the owner or a co-host): its next contact wipes its offline data',
  request: { params: ZDevice },
  responses: { 204: { description: 'Revoked' }, ...errors(401, 404) },
});

/** The session the request came with: a prepared device belongs to it (docs/decisions/0035-offline-door.md). */
async function sessionIdOf(c: { var: AppEnv['Variables']; req: { raw: Request } }): Promise<string> {
  const session = await c.var.deps.auth.api.getSession({ headers: c.req.raw.headers });
  if (!session) throw new AppError('unauthenticated', 'Authentication required');
  return session.session.id;
}

/** docs/product.md#offline-door: the event's team (404 for anyone else), on a signed-in session. */
export function offlineRoutes() {
  const r = createRouter();

  r.openapi(listRoute, async (c) => {
    const devices = await listDevices(c.var.deps.db, {
      actor: currentUser(c),
      sessionId: await sessionIdOf(c),
      eventId: c.req.valid('param').eventId,
    });
    return c.json({ devices }, 200, { 'Cache-Control': 'no-store' });
  });

  r.openapi(prepareRoute, async (c) => {
    const body = c.req.valid('json');
    const snapshot = await prepareOffline({
      db: c.var.deps.db,
      actor: currentUser(c),
      sessionId: await sessionIdOf(c),
      eventId: c.req.valid('param').eventId,
      deviceId: body.device_id,
      label: body.device,
    });
    c.var.log.info({ eventId: snapshot.event.id, deviceId: snapshot.device_id, guests: snapshot.guests.length }, 'offline prepared');
    return c.json(snapshot, 200, { 'Cache-Control': 'no-store' });
  });

  r.openapi(syncRoute, async (c) => {
    const { db, checkinHub, env } = c.var.deps;
    const { eventId, deviceId } = c.req.valid('param');
    const actor = currentUser(c);
    const device = await liveDevice(db, { actor, sessionId: await sessionIdOf(c), eventId, deviceId });
    const { changed, ...answer } = await syncOffline({
      db,
      signingKey: env.TICKET_SIGNING_KEY,
      actor,
      eventId,
      device,
      scans: c.req.valid('json').scans,
    });
    if (changed) checkinHub.announce(eventId);
    c.var.log.info({ eventId, deviceId, scans: answer.results.length, conflicts: answer.conflicts.length }, 'offline sync');
    return c.json(answer, 200, { 'Cache-Control': 'no-store' });
  });

  r.openapi(revokeRoute, async (c) => {
    const { eventId, deviceId } = c.req.valid('param');
    await revokeDevice({ db: c.var.deps.db, actor: currentUser(c), sessionId: await sessionIdOf(c), eventId, deviceId });
    c.var.log.info({ eventId, deviceId }, 'offline device revoked');
    return c.body(null, 204);
  });
  return r;
}
