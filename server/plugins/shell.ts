import { createHash } from 'node:crypto';
import type { Firm } from '#common/firm.ts';
import { defaultLanguage, intlLocales, languages, type Language } from '#common/i18n/languages.ts';
import { openingHoursForSchemaOrg, parseOpeningHours } from '#common/opening-hours.ts';
import type { RenderedPage } from '#common/page-render.ts';
import { languageStorageKey, localizedPath, pageInEveryLanguage } from '#common/site-addresses.ts';

const firmPlaceholder = '<!--firm-data-->';

/** JSON inside a <script> element: `<` escaped, so no text can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/** schema.org's description of the firm, which search engines read from every page, in the page's language. */
function firmStructuredData(firm: Firm, language: Language, origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'LegalService',
    name: firm.brandName,
    legalName: firm.legalName,
    taxID: firm.taxId,
    address: firm.address,
    telephone: firm.phone,
    email: firm.email,
    url: origin ? `${origin}${localizedPath('/', language)}` : firm.web,
    sameAs: firm.socialUrl ? [firm.socialUrl] : [],
    openingHours: openingHoursForSchemaOrg(parseOpeningHours(firm.hours) ?? []),
    inLanguage: language,
    knowsLanguage: [...languages],
  };
}

/**
 * Before the first paint, a visitor who chose another language takes an unprefixed address in it
 * (`/servicios` → `/en/servicios`): the choice lives in localStorage, as the spec asks, which only
 * the browser reads. The page is hidden while it leaves, so the other language never flashes.
 */
const languageRedirect =
  `(function(){try{var l=localStorage.getItem(${JSON.stringify(languageStorageKey)}),p=location.pathname;` +
  `if((l==='en'||l==='fr')&&!/^\\/(en|fr)(\\/|$)/.test(p)){document.documentElement.style.visibility='hidden';` +
  `location.replace('/'+l+p+location.search+location.hash)}}catch(e){}})()`;

/** The Content-Security-Policy allows this one inline script by its hash (server/plugins/security.ts). */
export const languageRedirectHash = `'sha256-${createHash('sha256').update(languageRedirect).digest('base64')}'`;

/**
 * The firm's identity travels in the page as inert JSON, so the web needs no extra request; the
 * same identity as structured data for search engines. Neither runs; the language redirect runs first.
 */
export function renderShell(indexHtml: string, firm: Firm, language: Language = defaultLanguage, origin = ''): string {
  return indexHtml.replace(/<html lang="[a-z]+">/, `<html lang="${language}">`).replace(
    firmPlaceholder,
    () =>
      `<script>${languageRedirect}</script>` +
      `<script id="firm-data" type="application/json">${scriptJson(firm)}</script>` +
      `<script type="application/ld+json">${scriptJson(firmStructuredData(firm, language, origin))}</script>`,
  );
}

/** Canonical address, the same page in the other languages, and what a shared link's preview shows. */
function addressTags(origin: string, language: Language, path: string, head: string): string {
  const title = /<title>([^<]*)<\/title>/.exec(head)?.[1] ?? '';
  const description = /<meta name="description" content="([^"]*)"/.exec(head)?.[1] ?? '';
  const addresses = pageInEveryLanguage(path);
  const url = `${origin}${addresses[language]}`;
  return [
    `<link rel="canonical" href="${escapeAttribute(url)}"/>`,
    ...languages.map((other) => `<link rel="alternate" hreflang="${other}" href="${escapeAttribute(origin + addresses[other])}"/>`),
    `<link rel="alternate" hreflang="x-default" href="${escapeAttribute(origin + addresses[defaultLanguage])}"/>`,
    `<meta property="og:type" content="website"/>`,
    `<meta property="og:title" content="${title}"/>`,
    `<meta property="og:description" content="${description}"/>`,
    `<meta property="og:url" content="${escapeAttribute(url)}"/>`,
    `<meta property="og:locale" content="${intlLocales[language].replace('-', '_')}"/>`,
    ...languages.filter((other) => other !== language).map((other) => `<meta property="og:locale:alternate" content="${intlLocales[other].replace('-', '_')}"/>`),
  ].join('');
}

/**
 * A public page as the server rendered it (web/entry-server.tsx): the built index.html with the
 * page's language, head and markup, and its queries' answers as inert JSON for hydration.
 */
export function renderPageDocument(
  indexHtml: string,
  firm: Firm,
  { origin, language, path, page }: { origin: string; language: Language; path: string; page: RenderedPage },
): string {
  const head = page.status === 200 ? page.head + addressTags(origin, language, path, page.head) : `${page.head}<meta name="robots" content="noindex"/>`;
  return renderShell(indexHtml, firm, language, origin)
    .replace('</head>', () => `${head}</head>`)
    .replace(
      '<div id="root"></div>',
      () => `<div id="root">${page.html}</div><script id="page-data" type="application/json">${scriptJson(page.state)}</script>`,
    );
}
