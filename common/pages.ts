import { paymentResultPath } from './payments/payment-result.ts';
import { sectionPaths } from './sections/section-addresses.ts';

/**
 * Every address the site draws a page for, in react-router's pattern syntax. The server answers
 * any other address with the 404 page and a 404 status; web/app/routes/routes.test.tsx keeps this list
 * and the web's route table the same.
 */
export const pagePatterns: readonly string[] = [
  '/',
  '/servicios',
  '/iniciar-tramite',
  '/checkout',
  paymentResultPath,
  '/compraventa',
  '/contacto',
  '/traducciones/presupuesto',
  '/presupuesto/:token',
  '/expatriacion/consulta',
  '/noticias',
  '/noticias/:id',
  '/aviso-legal',
  '/politica-de-privacidad',
  '/politica-de-cookies',
  '/condiciones-de-uso',
  '/registro',
  '/acceder',
  '/actualizar-contrasena',
  '/deshacer-cambio-email',
  '/privacidad',
  '/terminos',
  '/panel',
  '/perfil',
  '/admin',
  '/admin/expedientes/:displayId',
  ...sectionPaths,
];

/**
 * The public pages a search engine should find, each rendered on the server in every language
 * and listed in the sitemap (with every published article's `/noticias/:id`). The forms to sign
 * in or register, the checkout, the portal and the back office are for people, not for search.
 */
export const indexablePagePaths = [
  '/',
  '/servicios',
  '/iniciar-tramite',
  '/compraventa',
  '/contacto',
  '/traducciones/presupuesto',
  '/expatriacion/consulta',
  '/noticias',
  '/aviso-legal',
  '/politica-de-privacidad',
  '/politica-de-cookies',
  '/condiciones-de-uso',
  ...sectionPaths,
];

function patternToRegExp(pattern: string): RegExp {
  const segments = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  // Like react-router: case-insensitive, and a trailing slash is the same page.
  return new RegExp(`^/${segments.join('/')}/?$`, 'i');
}

const pageMatchers = pagePatterns.map(patternToRegExp);

/** Whether the site has a page at this path (no query string). */
export function isPagePath(pathname: string): boolean {
  return pageMatchers.some((matcher) => matcher.test(pathname));
}
