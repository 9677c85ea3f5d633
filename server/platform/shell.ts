import { createHash } from 'node:crypto';
import type { Firm } from '#common/firm.ts';
import { defaultLanguage, intlLocales, languages, type Language } from '#common/i18n/languages.ts';
import { openingHoursForSchemaOrg, parseOpeningHours } from '#common/opening-hours.ts';
import type { RenderedPage } from '#common/page-render.ts';
import { languageStorageKey, localizedPath, pageInEveryLanguage } from '#common/site-addresses.ts';
import { heldActionsScript } from './held-actions-script.ts';
import type { PageScripts } from './page-scripts.ts';

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

/**
 * A server-rendered page reads without any script, so it asks for its scripts only once its first
 * contentful paint is on screen (the browser's paint timing says so; a frame's callbacks run
 * before it is shown): found by the parser in the head, they would share a phone's slow line with
 * the stylesheet that paint waits for. The list is inert JSON beside it (`#page-scripts`), so this
 * text, and its hash, never change. A page opened in a background tab paints nothing, and a
 * browser without paint timing would never say: both load them at once.
 */
const pageScriptsLoader =
  `(function(){var d=document;function l(){var s=JSON.parse(d.getElementById('page-scripts').textContent),h=d.head,e=d.createElement('script');` +
  `e.type='module';e.src=s.entry;h.appendChild(e);s.preload.forEach(function(u){var p=d.createElement('link');p.rel='modulepreload';p.href=u;h.appendChild(p)})}` +
  `try{if(d.visibilityState==='hidden'||PerformanceObserver.supportedEntryTypes.indexOf('paint')<0)throw 0;` +
  `new PerformanceObserver(function(list,o){if(list.getEntriesByName('first-contentful-paint').length){o.disconnect();l()}}).observe({type:'paint',buffered:true})}catch(x){l()}})()`;

/** The Content-Security-Policy allows these inline scripts, and no other, by their hashes (server/platform/security.ts). */
export const inlineScriptHashes = [languageRedirect, heldActionsScript, pageScriptsLoader].map((script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`);

/** What Vite's build puts in the head to load the entry: a server-rendered page's loader does it instead. */
const moduleScriptTags = /<script type="module"[^>]*><\/script>\s*|<link rel="modulepreload"[^>]*>\s*/g;

/**
 * The firm's identity travels in the page as inert JSON, so the web needs no extra request; the
 * same identity as structured data for search engines. Neither runs; the language redirect runs first,
 * then the script that holds what a person does until the page answers.
 */
export function renderShell(indexHtml: string, firm: Firm, language: Language = defaultLanguage, origin = ''): string {
  return indexHtml.replace(/<html lang="[a-z]+">/, `<html lang="${language}">`).replace(
    firmPlaceholder,
    () =>
      `<script>${languageRedirect}</script><script>${heldActionsScript}</script>` +
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
 * page's language, head and markup, its queries' answers as inert JSON for hydration, and its
 * scripts loaded once it has painted.
 */
export function renderPageDocument(
  indexHtml: string,
  firm: Firm,
  { origin, language, path, page, scripts }: { origin: string; language: Language; path: string; page: RenderedPage; scripts: PageScripts },
): string {
  const head = page.status === 200 ? page.head + addressTags(origin, language, path, page.head) : `${page.head}<meta name="robots" content="noindex"/>`;
  return renderShell(indexHtml.replace(moduleScriptTags, ''), firm, language, origin)
    .replace('</head>', () => `${head}</head>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${page.html}</div><script id="page-data" type="application/json">${scriptJson(page.state)}</script>` +
        `<script id="page-scripts" type="application/json">${scriptJson(scripts)}</script><script>${pageScriptsLoader}</script>`,
    );
}
