import { createRoute } from '@hono/zod-openapi';
import { ZThemeInput } from '../../../common/schemas/events.ts';
import { currentUser, requireUser } from '../../auth/middleware.ts';
import { createRouter } from '../../http/validation.ts';
import { createTheme } from './create-theme.ts';
import { listThemes } from './list-themes.ts';

const listRoute = createRoute({
  method: 'get',
  path: '/',
  responses: { 200: { description: 'Themes, defaults first' } },
});

const createRouteDef = createRoute({
  method: 'post',
  path: '/',
  request: { body: { content: { 'application/json': { schema: ZThemeInput } }, required: true } },
  responses: { 201: { description: 'The new theme' } },
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
