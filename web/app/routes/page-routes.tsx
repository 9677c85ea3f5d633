import { lazy, useContext, type ComponentType, type ReactElement } from 'react';
import { staffRoles } from '#common/auth/staff-roles.ts';
import { Navigate, Route } from 'react-router';
import { pageRoutes, type PageName, type PageRoute } from '#common/pages.ts';
import type { SectionId } from '#common/sections/section-addresses.ts';
import { legalDocuments, type LegalDocument } from '#web/features/legal/legal-documents.ts';
import { PageModulesContext } from '#web/lib/page-modules.ts';
import { guardedPage } from './guarded-page.tsx';

const sitePageModules = import.meta.glob<{ default: ComponentType<never> }>('./site/*-page.tsx');

/**
 * A page of the site (web/app/routes/site/<name>-page.tsx), loaded when its route is first drawn.
 * Drawn on the server, it notes its module under the name Vite's manifest gives it (the path from
 * web/), so the page's HTML can ask for its chunk early.
 */
function lazySitePage<Props extends object>(name: string): ComponentType<Props> {
  const file = `site/${name}-page.tsx`;
  const load = sitePageModules[`./${file}`] as (() => Promise<{ default: ComponentType<Props> }>) | undefined;
  if (!load) throw new Error(`web/app/routes has no ${file}`);
  const Page = lazy(load);
  const moduleName = `app/routes/${file}`;
  return function SitePage(props: Props) {
    useContext(PageModulesContext)?.add(moduleName);
    return <Page {...props} />;
  };
}

/**
 * The pages only some roles may open, each with its gate. Signed in only, they are never drawn on
 * the server: their modules need no noting.
 */
const guardedPages: Partial<Record<PageName, ComponentType>> = {
  checkout: guardedPage(['user', ...staffRoles], () => import('./site/checkout-page.tsx')),
  panel: guardedPage(['user', ...staffRoles], () => import('./portal/panel-page.tsx')),
  profile: guardedPage(['user', ...staffRoles], () => import('./portal/profile-page.tsx')),
  admin: guardedPage([...staffRoles], () => import('./admin/admin-page.tsx')),
  'admin-case': guardedPage([...staffRoles], () => import('./admin/admin-case-page.tsx')),
};

/** Made once per page, when its route is first drawn: a component must keep its identity from one render to the next. */
const sitePages = new Map<string, ComponentType<never>>();
function sitePage<Props extends object = Record<string, never>>(name: string): ComponentType<Props> {
  let Page = sitePages.get(name);
  if (!Page) {
    Page = lazySitePage<never>(name);
    sitePages.set(name, Page);
  }
  return Page as ComponentType<Props>;
}

/** What a row of the page table (common/pages.ts) draws. */
export function pageElement(route: PageRoute): ReactElement {
  if (route.page === undefined) return <Navigate to={route.redirectTo} replace />;
  const Guarded = guardedPages[route.page];
  if (Guarded) return <Guarded />;
  if (route.page === 'legal') {
    const LegalPage = sitePage<{ document: LegalDocument }>('legal');
    return <LegalPage document={legalDocuments[route.legalFile]} />;
  }
  if (route.page === 'section') {
    const SectionPage = sitePage<{ sectionId: SectionId }>('section');
    return <SectionPage sectionId={route.sectionId} />;
  }
  const Page = sitePage(route.page);
  return <Page />;
}

/** Every page of the site, and the 404 page for any other address. */
export function pageRouteElements() {
  const NotFoundPage = sitePage('not-found');
  return (
    <>
      {pageRoutes.map((route) => (
        <Route key={route.path} path={route.path} element={pageElement(route)} />
      ))}
      <Route path="*" element={<NotFoundPage />} />
    </>
  );
}
