import { createRoutesFromElements, matchRoutes, Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isPagePath, matchPage, pageRoutes } from '#common/pages.ts';
import { pageElement, pageRouteElements } from './page-routes.tsx';

/** One address of a pattern: each parameter given a value. */
const addressOf = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, 'X-42');

describe('the page table', () => {
  const routes = createRoutesFromElements(<Route>{pageRouteElements()}</Route>);

  it('has one row per address, each with its page module', () => {
    expect(new Set(pageRoutes.map((route) => route.path)).size).toBe(pageRoutes.length);
    for (const route of pageRoutes) expect(() => pageElement(route), route.path).not.toThrow();
  });

  it('is matched by the server as react-router matches it', () => {
    for (const route of pageRoutes) {
      for (const address of [addressOf(route.path), `${addressOf(route.path)}/`.replace('//', '/'), addressOf(route.path).toUpperCase()]) {
        const drawn = matchRoutes(routes, address)?.at(-1)?.route.path;
        expect(drawn, address).toBe(route.path);
        expect(matchPage(address)?.route, address).toBe(route);
      }
    }
    expect(matchRoutes(routes, '/servicios-falsos')?.at(-1)?.route.path).toBe('*');
    expect(matchPage('/servicios-falsos')).toBeUndefined();
  });

  it('matches as react-router does: any id, either case, a trailing slash', () => {
    expect(isPagePath('/noticias/42')).toBe(true);
    expect(isPagePath('/Servicios/')).toBe(true);
    expect(isPagePath('/')).toBe(true);
    expect(isPagePath('/noticias/42/comentarios')).toBe(false);
    expect(isPagePath('/servicios-falsos')).toBe(false);
    expect(isPagePath('/wp-login.php')).toBe(false);
  });

  it('tells an address written as the table writes it from another spelling', () => {
    expect(matchPage('/noticias/42')).toMatchObject({ params: { id: '42' }, isExact: true });
    expect(matchPage('/aviso-legal/')?.isExact).toBe(true);
    expect(matchPage('/Aviso-Legal')?.isExact).toBe(false);
  });
});
