import { createRoutesFromElements, Route, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isPagePath, pagePatterns } from '#common/pages.ts';
import { adminRoutes } from './admin/routes.tsx';
import { portalRoutes } from './portal/routes.tsx';
import { siteRoutes } from './site/routes.tsx';

/** Every address of the route table, as absolute patterns (the catch-all left out). */
function addresses(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    if (route.path === '*') return [];
    const path = route.path?.startsWith('/') ? route.path : `${parent}/${route.path ?? ''}`.replace(/\/+$/, '');
    const own = route.index || route.path ? [path || '/'] : [];
    return [...own, ...addresses(route.children ?? [], route.path ? path : parent)];
  });
}

describe('the pages the server knows', () => {
  const table = createRoutesFromElements(
    <Route>
      {portalRoutes()}
      {adminRoutes()}
      {siteRoutes()}
    </Route>,
  );

  it('are exactly the addresses of the web’s route table', () => {
    expect([...addresses(table)].sort()).toEqual([...pagePatterns].sort());
  });

  it('match as react-router does: any id, either case, a trailing slash', () => {
    expect(isPagePath('/noticias/42')).toBe(true);
    expect(isPagePath('/Servicios/')).toBe(true);
    expect(isPagePath('/')).toBe(true);
    expect(isPagePath('/noticias/42/comentarios')).toBe(false);
    expect(isPagePath('/servicios-falsos')).toBe(false);
    expect(isPagePath('/wp-login.php')).toBe(false);
  });
});
