import { createRoute } from '@hono/zod-openapi';
import { ZThemeInput } from '../../../common/schemas/events.ts';
import { ZThemeAnswer, ZThemeList } from '../../../common/schemas/events.responses.ts';
import { currentUser, requireUser } from '../../auth/middleware.ts';
import { errors, json, jsonBody, signedInOrKey } from '../../http/openapi.ts';
import { createRouter } from '../../http/validation.ts';
import { createTheme } from './create-theme.ts';
import { listThemes } from './list-themes.ts';

const tags = ['Themes'];

const listRoute = createRoute({
  method: 'get',
  path: '/',
  summary: 'List the themes an event can use',
  tags,
  security: signedInOrKey('events:read'),
  responses: { 200: json('Themes, defaults first', ZThemeList), ...errors(401) },
});

const createRouteDef = createRoute({
  method: 'post',
  path: '/',
  summary: 'Create a theme',
  tags,
  security: signedInOrKey('events:write'),
  request: jsonBody(ZThemeInput),
  responses: { 201: json('The new theme', ZThemeAnswer), ...errors(400, 401, 403, 413, 415) },
});

/** /api/themes */
export function themesRoutes() {
  const r = createRouter();
  r.use('*', requireUser);
  r.openapi(listRoute, async (c) => c.json({ themes: await listThemes({ db: c.var.deps.db, actor: currentUser(c) }) }, 200));
  r.openapi(createRouteDef, async (c) => {
    const { name, colors } = c.req.valid('json');
    const theme = await createTheme({ db: c.var.deps.db, userId: currentUser(c).id, name, colors });
    c.var.log.info({ themeId: theme.id }, 'theme created');
    return c.json({ theme }, 201);
  });
  return r;
}
