import type { Firm } from '#common/firm.ts';
import type { Language } from '#common/i18n/languages.ts';
import { localizedPath } from '#common/site-addresses.ts';
import { translator } from '#server/platform/translator.ts';

const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** The firm's colours, as the favicon and the shell's theme-color draw them. */
const colours = { brand: '#0f3d5e', background: '#ffffff' };

/**
 * The web app manifest (installable on Android; iOS reads the shell's apple-touch-icon and meta
 * tags): the firm's name, its icons and colours, opening on the client's panel.
 */
export function webAppManifest(firm: Firm) {
  const t = translator('es');
  return {
    id: '/panel',
    name: firm.brandName,
    short_name: firm.brandName,
    description: t('pwa:manifest.description'),
    lang: 'es',
    start_url: '/panel',
    scope: '/',
    display: 'standalone',
    background_color: colours.background,
    theme_color: colours.brand,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/**
 * What the service worker shows when a page cannot be fetched: the same for everybody, in the
 * address's language, with no script and nothing of anyone's. A plain link tries again.
 */
export function offlinePage(language: Language, firm: Firm): string {
  const t = translator(language);
  const title = t('pwa:offline.title');
  return (
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><meta name="theme-color" content="${colours.brand}"><title>${escapeHtml(`${title} · ${firm.brandName}`)}</title>` +
    `<style>body{margin:0;font-family:system-ui,sans-serif;color:#0f172a;background:#f8fafc}main{max-width:32rem;margin:15vh auto;padding:1.5rem}` +
    `h1{color:${colours.brand};font-size:1.5rem}a{display:inline-block;margin-top:1rem;padding:.75rem 1.25rem;border-radius:.5rem;background:${colours.brand};color:#fff;text-decoration:none;font-weight:600}</style></head>` +
    `<body><main><p>${escapeHtml(firm.brandName)}</p><h1>${escapeHtml(title)}</h1><p>${escapeHtml(t('pwa:offline.intro'))}</p><p>${escapeHtml(t('pwa:offline.hint'))}</p>` +
    `<a href="${escapeHtml(localizedPath('/panel', language))}">${escapeHtml(t('pwa:offline.retry'))}</a></main></body></html>`
  );
}
