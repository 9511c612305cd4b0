import { createRoute, z } from '@hono/zod-openapi';
import {
  ZEventCharges,
  ZEventChargesAnswer,
  ZPromoCodeAnswer,
  ZPromoCodeInput,
  ZPromoCodeList,
  ZPromoCodePatch,
  ZPromoLookup,
  ZPromoLookupAnswer,
} from '../../../common/schemas/promo-codes.ts';
import { zUuid } from '../../../common/schemas/ids.ts';
import { currentUser, requireUser } from '../../auth/middleware.ts';
import { ZEventIdParam } from '../../domain/event-access.ts';
import { clientIp } from '../../http/client-ip.ts';
import { errors, json, jsonBody, signedIn } from '../../http/openapi.ts';
import { enforce } from '../../http/rate-limit.ts';
import { createRouter } from '../../http/validation.ts';
import { formChange } from '../questions/form-change.ts';
import { readEventCharges, setEventCharges } from './event-charges.ts';
import { lookupPromoCode } from './lookup-promo-code.ts';
import { addPromoCode, changePromoCode, deletePromoCode, listPromoCodes, type PromoCodeOptions } from './manage-promo-codes.ts';
import { MSG_PROMO_CODE_NOT_FOUND } from './promo-code-row.ts';
import { PROMO_LOOKUP_LIMIT } from './promo-limits.ts';

const ZId = z.object({ id: ZEventIdParam });
const ZCodeParams = ZId.extend({ codeId: zUuid(MSG_PROMO_CODE_NOT_FOUND) });
const tags = ['Promo codes'];

const listRoute = createRoute({
  method: 'get',
  path: '/{id}/promo-codes',
  summary: "List an event's promo codes with the orders using each (owner or co-host)",
  tags,
  security: signedIn,
  request: { params: ZId },
  responses: { 200: json('Promo codes, oldest first', ZPromoCodeList), ...errors(401, 404) },
});
const addRoute = createRoute({
  method: 'post',
  path: '/{id}/promo-codes',
  summary: 'Add a promo code (owner or co-host)',
  tags,
  security: signedIn,
  request: { params: ZId, ...jsonBody(ZPromoCodeInput) },
  responses: { 201: json('Added', ZPromoCodeAnswer), ...errors(400, 401, 404, 409, 413, 415) },
});
const patchRoute = createRoute({
  method: 'patch',
  path: '/{id}/promo-codes/{codeId}',
  summary: 'Change a promo code; placed orders keep their price, the use limit cannot go below the uses',
  tags,
  security: signedIn,
  request: { params: ZCodeParams, ...jsonBody(ZPromoCodePatch) },
  responses: { 200: json('Changed', ZPromoCodeAnswer), ...errors(400, 401, 404, 409, 413, 415) },
});
const deleteRoute = createRoute({
  method: 'delete',
  path: '/{id}/promo-codes/{codeId}',
  summary: 'Delete a promo code (owner or co-host); orders that used it keep their discount',
  tags,
  security: signedIn,
  request: { params: ZCodeParams },
  responses: { 204: { description: 'Deleted' }, ...errors(401, 404) },
});
const getChargesRoute = createRoute({
  method: 'get',
  path: '/{id}/charges',
  summary: "An event's tax and booking fee (owner or co-host)",
  tags,
  security: signedIn,
  request: { params: ZId },
  responses: { 200: json('Tax and fee', ZEventChargesAnswer), ...errors(401, 404) },
});
const putChargesRoute = createRoute({
  method: 'put',
  path: '/{id}/charges',
  summary: "Set an event's tax (name, rate, inclusive or not) and booking fee per ticket (owner or co-host)",
  tags,
  security: signedIn,
  request: { params: ZId, ...jsonBody(ZEventCharges) },
  responses: { 200: json('Set', ZEventChargesAnswer), ...errors(400, 401, 404, 413, 415) },
});

/**
 * /api/events/:id/promo-codes and /api/events/:id/charges (docs/product.md#promo-codes, #taxes-and-fees): the owner
 * and co-hosts; door staff and anyone else get 404.
 */
export function promoCodesRoutes() {
  const r = createRouter();
  r.use('*', requireUser);
  const host = (c: Parameters<typeof currentUser>[0], id: string): PromoCodeOptions => ({
    db: c.var.deps.db,
    log: c.var.log,
    actor: currentUser(c),
    eventId: id,
  });
  r.openapi(listRoute, async (c) => c.json({ promo_codes: await listPromoCodes(host(c, c.req.valid('param').id)) }, 200));
  r.openapi(addRoute, async (c) =>
    c.json({ promo_code: await addPromoCode({ ...host(c, c.req.valid('param').id), input: c.req.valid('json') }) }, 201),
  );
  r.openapi(patchRoute, async (c) => {
    const { id, codeId } = c.req.valid('param');
    return c.json({ promo_code: await changePromoCode({ ...host(c, id), codeId, input: c.req.valid('json') }) }, 200);
  });
  r.openapi(deleteRoute, async (c) => {
    const { id, codeId } = c.req.valid('param');
    await deletePromoCode({ ...host(c, id), codeId });
    return c.body(null, 204);
  });
  r.openapi(getChargesRoute, async (c) =>
    c.json({ charges: await readEventCharges({ db: c.var.deps.db, actor: currentUser(c), eventId: c.req.valid('param').id }) }, 200),
  );
  r.openapi(putChargesRoute, async (c) =>
    c.json({ charges: await setEventCharges({ ...formChange(c, c.req.valid('param').id), input: c.req.valid('json') }) }, 200),
  );
  return r;
}

const lookupRoute = createRoute({
  method: 'post',
  path: '/api/public/events/{eventId}/promo-codes/check',
  summary: 'Check a promo code on the event page: its discount and the hidden ticket types it unlocks (rate-limited)',
  tags,
  request: { params: z.object({ eventId: ZEventIdParam }), ...jsonBody(ZPromoLookup) },
  responses: { 200: json('The code applies', ZPromoLookupAnswer), ...errors(400, 404, 413, 415, 429) },
});

/** The guest's code check: every code that does not apply gets the same 400; lookups are limited per client. */
export function promoLookupRoutes() {
  const r = createRouter();
  r.openapi(lookupRoute, async (c) => {
    const { eventId } = c.req.valid('param');
    await enforce(c, PROMO_LOOKUP_LIMIT, clientIp(c));
    const answer = await lookupPromoCode({
      db: c.var.deps.db,
      cache: c.var.deps.caches.rsvpEvents,
      eventId,
      code: c.req.valid('json').code,
    });
    return c.json(answer, 200);
  });
  return r;
}
