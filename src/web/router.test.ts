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

/** Every route object of the table, nested ones included. */
const flatten = (list: RouteObject[]): RouteObject[] => list.flatMap((r) => [r, ...flatten(r.children ?? [])]);

describe('route table (docs/product.md#routes)', () => {
  it('every route has an error element, so a failing screen never leaves a blank page', () => {
    const missing = flatten(routes).filter((r) => !r.errorElement);
    expect(missing.map((r) => r.path ?? (r.index ? '(index)' : '(layout)'))).toEqual([]);
  });

  it('the server knows exactly the paths the web app renders, so unknown paths get HTTP 404', () => {
    expect([...new Set(paths(routes))].sort()).toEqual([...APP_PATHS].sort());
  });
});
