import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { APP_PATHS } from '../common/routes.ts';
import { routes } from './router.tsx';

/** Every full path the React router renders a screen or a redirect for ('*' is the 404 page). */
function paths(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const here = route.path === undefined ? parent : `${parent.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}`;
    const own = (route.index || route.element || route.lazy) && route.path !== '*' && !route.children ? [here || '/'] : [];
    return [...own, ...paths(route.children ?? [], here)];
  });
}

describe('route table (SPEC §2)', () => {
  it('the server knows exactly the paths the web app renders, so unknown paths get HTTP 404', () => {
    expect([...new Set(paths(routes))].sort()).toEqual([...APP_PATHS].sort());
  });
});
