import { paymentResultPath } from './payments/payment-result.ts';
import { sectionAddresses, type SectionId } from './sections/section-addresses.ts';

// Plain values only: the web's router reads this table on every first visit, so it must not pull
// in a contract (zod) or anything else heavy.

/** A legal page's Markdown file, under web/content/<language>/. */
export type LegalFile = 'legal-notice' | 'privacy-policy' | 'cookies-policy' | 'terms-of-use';

type PageAnswer = {
  /**
   * How the server answers the page. 'indexed': drawn on the server with its data, and listed in
   * the sitemap in every language. 'drawn': drawn on the server, not listed (an article: the
   * sitemap lists the published ones itself). Absent: the shell, and the browser draws the page
   * (the forms to sign in or register, a one-time link's page, the checkout, the portal and the
   * back office are for people, not for search).
   */
  rendering?: 'indexed' | 'drawn';
  /** Drawn on the server only when the address's query has this parameter, otherwise the shell. */
  renderedWithQuery?: string;
  /**
   * No crawler has business here (robots.txt refuses it in every language): a person's own pages
   * and the back office, the checkout, and the pages reached from a one-time link.
   */
  isPrivate?: true;
};

/**
 * A page of the site: `page` names its module (`home` is web/app/routes/site/home-page.tsx; the
 * web maps each name to its component), `redirectTo` sends the visitor on instead.
 */
export type PageRoute = {
  /** The address without a language prefix, in react-router's pattern syntax. */
  path: string;
} & PageAnswer &
  (
    | {
        page:
          | 'home'
          | 'services'
          | 'start-case'
          | 'checkout'
          | 'payment-result'
          | 'property-purchase'
          | 'contact'
          | 'translation-quote'
          | 'quote'
          | 'expatriation-consultation'
          | 'news-list'
          | 'news-article'
          | 'register'
          | 'sign-in'
          | 'update-password'
          | 'undo-email-change'
          | 'staff-invitation'
          | 'panel'
          | 'profile'
          | 'admin'
          | 'admin-case';
      }
    | { page: 'legal'; legalFile: LegalFile }
    | { page: 'section'; sectionId: SectionId }
    | { page?: never; redirectTo: string }
  );

export type PageName = NonNullable<PageRoute['page']>;

const legalPage = (path: string, legalFile: LegalFile): PageRoute => ({ path, page: 'legal', legalFile, rendering: 'indexed' });

/**
 * Every address the site draws a page for: the one table from which the web's router, the
 * server's renderer (web/entry-server.tsx), the server's choice between a rendered page and the
 * shell, and the sitemap read. The server answers any other address with the 404 page.
 */
export const pageRoutes: readonly PageRoute[] = [
  { path: '/', page: 'home', rendering: 'indexed' },
  { path: '/servicios', page: 'services', rendering: 'indexed' },
  // Without the service in its address, the page sends the visitor to /servicios.
  { path: '/iniciar-tramite', page: 'start-case', rendering: 'indexed', renderedWithQuery: 'servicio' },
  { path: '/checkout', page: 'checkout', isPrivate: true },
  { path: paymentResultPath, page: 'payment-result', isPrivate: true },
  { path: '/compraventa', page: 'property-purchase', rendering: 'indexed' },
  { path: '/contacto', page: 'contact', rendering: 'indexed' },
  { path: '/traducciones/presupuesto', page: 'translation-quote', rendering: 'indexed' },
  { path: '/presupuesto/:token', page: 'quote', isPrivate: true },
  { path: '/expatriacion/consulta', page: 'expatriation-consultation', rendering: 'indexed' },
  { path: '/noticias', page: 'news-list', rendering: 'indexed' },
  { path: '/noticias/:id', page: 'news-article', rendering: 'drawn' },
  legalPage('/aviso-legal', 'legal-notice'),
  legalPage('/politica-de-privacidad', 'privacy-policy'),
  legalPage('/politica-de-cookies', 'cookies-policy'),
  legalPage('/condiciones-de-uso', 'terms-of-use'),
  { path: '/registro', page: 'register' },
  { path: '/acceder', page: 'sign-in' },
  { path: '/actualizar-contrasena', page: 'update-password', isPrivate: true },
  { path: '/deshacer-cambio-email', page: 'undo-email-change', isPrivate: true },
  { path: '/equipo/invitacion/:token', page: 'staff-invitation', isPrivate: true },
  { path: '/privacidad', redirectTo: '/politica-de-privacidad' },
  { path: '/terminos', redirectTo: '/condiciones-de-uso' },
  { path: '/panel', page: 'panel', isPrivate: true },
  { path: '/perfil', page: 'profile', isPrivate: true },
  { path: '/admin', page: 'admin', isPrivate: true },
  { path: '/admin/expedientes/:displayId', page: 'admin-case', isPrivate: true },
  // In the order of sectionAddresses, the site's, which the sitemap keeps.
  ...(Object.keys(sectionAddresses) as SectionId[]).map((sectionId): PageRoute => ({ path: sectionAddresses[sectionId], page: 'section', sectionId, rendering: 'indexed' })),
];

// Marked pure so that the browser's bundle, which reads only the table, leaves them out.

/** Every page's address pattern. */
export const pagePatterns = /* @__PURE__ */ pageRoutes.map((route) => route.path);

/** The public pages a search engine should find: each rendered on the server in every language and listed in the sitemap. */
export const indexablePagePaths = /* @__PURE__ */ pageRoutes.filter((route) => route.rendering === 'indexed').map((route) => route.path);

/**
 * The addresses robots.txt refuses, each as the prefix robots match by: a pattern up to its first
 * parameter ('/presupuesto/'), and none that another already covers ('/admin' covers
 * '/admin/expedientes/…').
 */
export const privatePathPrefixes = /* @__PURE__ */ (() => {
  const prefixes = pageRoutes.filter((route) => route.isPrivate).map((route) => route.path.split(':')[0] ?? route.path);
  return prefixes.filter((prefix) => !prefixes.some((other) => other !== prefix && prefix.startsWith(other)));
})();

/** A pattern's matcher, like react-router's: a trailing slash is the same page, and case does not count unless asked. */
function patternToRegExp(pattern: string, flags: string): RegExp {
  const segments = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? `(?<${segment.slice(1)}>[^/]+)` : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^/${segments.join('/')}/?$`, flags);
}

let matchers: Array<{ route: PageRoute; matcher: RegExp; exactMatcher: RegExp }> | undefined;

/** Made on the first match, so a bundle that only reads the table (the browser's) leaves them out. */
function pageMatchers() {
  matchers ??= [...pageRoutes]
    // An address with no parameter wins over one with parameters, as in react-router.
    .sort((a, b) => Number(a.path.includes('/:')) - Number(b.path.includes('/:')))
    .map((route) => ({ route, matcher: patternToRegExp(route.path, 'i'), exactMatcher: patternToRegExp(route.path, '') }));
  return matchers;
}

export type PageMatch = {
  route: PageRoute;
  params: Readonly<Record<string, string>>;
  /** Written as the table writes it (a trailing slash aside), not in another case. */
  isExact: boolean;
};

/** The page at this path (no query string), found as react-router finds it: either case, a trailing slash. */
export function matchPage(pathname: string): PageMatch | undefined {
  for (const { route, matcher, exactMatcher } of pageMatchers()) {
    const match = matcher.exec(pathname);
    if (match) return { route, params: { ...match.groups }, isExact: exactMatcher.test(pathname) };
  }
  return undefined;
}

/** Whether the site has a page at this path (no query string). */
export function isPagePath(pathname: string): boolean {
  return matchPage(pathname) !== undefined;
}
