import { createRoute, z } from '@hono/zod-openapi';
import { ZQuestionInput, ZQuestionOrder, ZQuestionPatch } from '../../../common/schemas/questions.ts';
import { ZQuestionAnswer, ZQuestionList } from '../../../common/schemas/questions.responses.ts';
import { zUuid } from '../../../common/schemas/ids.ts';
import { currentUser, requireUser } from '../../auth/middleware.ts';
import { ZEventIdParam } from '../../domain/event-access.ts';
import { errors, json, jsonBody, signedInOrKey } from '../../http/openapi.ts';
import { createRouter } from '../../http/validation.ts';
import { addQuestion } from './add-question.ts';
import { changeQuestion } from './change-question.ts';
import { deleteQuestion } from './delete-question.ts';
import { formChange } from './form-change.ts';
import { listQuestions } from './list-questions.ts';
import { orderQuestions } from './order-questions.ts';
import { MSG_QUESTION_NOT_FOUND } from './question-errors.ts';

const ZId = z.object({ id: ZEventIdParam });
const ZQuestionParams = ZId.extend({ questionId: zUuid(MSG_QUESTION_NOT_FOUND) });
const tags = ['RSVP questions'];

const listRoute = createRoute({
  method: 'get',
  path: '/{id}/questions',
  summary: "List the questions of an event's RSVP form (owner or co-host)",
  tags,
  security: signedInOrKey('events:read'),
  request: { params: ZId },
  responses: { 200: json('Questions in form order, with their answer counts', ZQuestionList), ...errors(401, 404) },
});
const addRoute = createRoute({
  method: 'post',
  path: '/{id}/questions',
  summary: 'Add a question at the end of the RSVP form (owner or co-host)',
  tags,
  security: signedInOrKey('events:write'),
  request: { params: ZId, ...jsonBody(ZQuestionInput) },
  responses: { 201: json('Added', ZQuestionAnswer), ...errors(400, 401, 404, 409, 413, 415) },
});
const orderRoute = createRoute({
  method: 'put',
  path: '/{id}/questions/order',
  summary: 'Put the RSVP form questions in a new order: every question id once (owner or co-host)',
  tags,
  security: signedInOrKey('events:write'),
  request: { params: ZId, ...jsonBody(ZQuestionOrder) },
  responses: { 200: json('The questions in their new order', ZQuestionList), ...errors(400, 401, 404, 413, 415) },
});
const patchRoute = createRoute({
  method: 'patch',
  path: '/{id}/questions/{questionId}',
  summary: 'Change a question (not its kind); options keep their ids, a left-out option is kept for its old answers',
  tags,
  security: signedInOrKey('events:write'),
  request: { params: ZQuestionParams, ...jsonBody(ZQuestionPatch) },
  responses: { 200: json('Changed', ZQuestionAnswer), ...errors(400, 401, 404, 413, 415) },
});
const deleteRoute = createRoute({
  method: 'delete',
  path: '/{id}/questions/{questionId}',
  summary: 'Delete a question and its answers (owner or co-host)',
  tags,
  security: signedInOrKey('events:write'),
  request: { params: ZQuestionParams },
  responses: { 204: { description: 'Deleted' }, ...errors(401, 404) },
});

/**
 * /api/events/:id/questions: the RSVP form's own questions (docs/product.md#custom-questions). The owner
 * and co-hosts read and change them; door staff and anyone else get 404.
 */
export function questionsRoutes() {
  const r = createRouter();
  r.use('*', requireUser);
  r.openapi(listRoute, async (c) =>
    c.json({ questions: await listQuestions({ db: c.var.deps.db, actor: currentUser(c), eventId: c.req.valid('param').id }) }, 200),
  );
  r.openapi(addRoute, async (c) =>
    c.json({ question: await addQuestion({ ...formChange(c, c.req.valid('param').id), input: c.req.valid('json') }) }, 201),
  );
  r.openapi(orderRoute, async (c) =>
    c.json({ questions: await orderQuestions({ ...formChange(c, c.req.valid('param').id), ids: c.req.valid('json').ids }) }, 200),
  );
  r.openapi(patchRoute, async (c) => {
    const { id, questionId } = c.req.valid('param');
    return c.json({ question: await changeQuestion({ ...formChange(c, id), questionId, input: c.req.valid('json') }) }, 200);
  });
  r.openapi(deleteRoute, async (c) => {
    const { id, questionId } = c.req.valid('param');
    await deleteQuestion({ ...formChange(c, id), questionId });
    return c.body(null, 204);
  });
  return r;
}
