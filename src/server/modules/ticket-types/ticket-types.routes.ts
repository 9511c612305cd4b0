import { createRoute, z } from '@hono/zod-openapi';
import { ZTicketTypeAnswer, ZTicketTypeInput, ZTicketTypeList, ZTicketTypePatch } from '../../../common/schemas/ticket-types.ts';
import { zUuid } from '../../../common/schemas/ids.ts';
import { currentUser, requireUser } from '../../auth/middleware.ts';
import { ZEventIdParam } from '../../domain/event-access.ts';
import { errors, json, jsonBody, signedIn } from '../../http/openapi.ts';
import { createRouter } from '../../http/validation.ts';
import { formChange } from '../questions/form-change.ts';
import { addTicketType } from './add-ticket-type.ts';
import { changeTicketType } from './change-ticket-type.ts';
import { deleteTicketType } from './delete-ticket-type.ts';
import { listTicketTypes } from './list-ticket-types.ts';
import { MSG_TICKET_TYPE_NOT_FOUND } from './ticket-type-row.ts';

const ZId = z.object({ id: ZEventIdParam });
const ZTypeParams = ZId.extend({ typeId: zUuid(MSG_TICKET_TYPE_NOT_FOUND) });
const tags = ['Ticket types'];

const listRoute = createRoute({
  method: 'get',
  path: '/{id}/ticket-types',
  summary: "List an event's ticket types with the seats taken of each (owner or co-host)",
  tags,
  security: signedIn,
  request: { params: ZId },
  responses: { 200: json('Ticket types in their order', ZTicketTypeList), ...errors(401, 404) },
});
const addRoute = createRoute({
  method: 'post',
  path: '/{id}/ticket-types',
  summary: 'Add a ticket type at the end of the list (owner or co-host)',
  tags,
  security: signedIn,
  request: { params: ZId, ...jsonBody(ZTicketTypeInput) },
  responses: { 201: json('Added', ZTicketTypeAnswer), ...errors(400, 401, 404, 409, 413, 415) },
});
const patchRoute = createRoute({
  method: 'patch',
  path: '/{id}/ticket-types/{typeId}',
  summary: 'Change a ticket type; sold tickets keep their price, the quantity cannot go below the seats taken',
  tags,
  security: signedIn,
  request: { params: ZTypeParams, ...jsonBody(ZTicketTypePatch) },
  responses: { 200: json('Changed', ZTicketTypeAnswer), ...errors(400, 401, 404, 409, 413, 415) },
});
const deleteRoute = createRoute({
  method: 'delete',
  path: '/{id}/ticket-types/{typeId}',
  summary: 'Delete a ticket type nobody ordered (owner or co-host); one with tickets is refused: hide it instead',
  tags,
  security: signedIn,
  request: { params: ZTypeParams },
  responses: { 204: { description: 'Deleted' }, ...errors(401, 404, 409) },
});

/**
 * /api/events/:id/ticket-types (docs/product.md#ticket-types): the owner and co-hosts read and change them;
 * door staff and anyone else get 404. A change is an event change for the page and the order form.
 */
export function ticketTypesRoutes() {
  const r = createRouter();
  r.use('*', requireUser);
  r.openapi(listRoute, async (c) =>
    c.json({ ticket_types: await listTicketTypes({ db: c.var.deps.db, actor: currentUser(c), eventId: c.req.valid('param').id }) }, 200),
  );
  r.openapi(addRoute, async (c) =>
    c.json({ ticket_type: await addTicketType({ ...formChange(c, c.req.valid('param').id), input: c.req.valid('json') }) }, 201),
  );
  r.openapi(patchRoute, async (c) => {
    const { id, typeId } = c.req.valid('param');
    return c.json({ ticket_type: await changeTicketType({ ...formChange(c, id), typeId, input: c.req.valid('json') }) }, 200);
  });
  r.openapi(deleteRoute, async (c) => {
    const { id, typeId } = c.req.valid('param');
    await deleteTicketType({ ...formChange(c, id), typeId });
    return c.body(null, 204);
  });
  return r;
}
