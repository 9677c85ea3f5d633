import type { FastifyPluginAsync } from 'fastify';
import { languages } from '#common/i18n/languages.ts';
import { formWithoutScriptPath } from '#common/page/form-without-script.ts';
import { localizedPath } from '#common/site-addresses.ts';
import { translator } from '#server/platform/translator.ts';

/** What a browser's form posts: its fields, or its fields and files. */
export const formContentTypes = ['application/x-www-form-urlencoded', 'multipart/form-data'];
/** Room for the largest form with its files (an upload is at most 10 MB a file). */
const formBodyLimit = 60 * 1024 * 1024;

const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** The page the form was on, when the browser says and it is one of ours; else the home page. */
function formPage(referer: string | undefined, origin: string, language: (typeof languages)[number]): string {
  try {
    const url = new URL(referer ?? '');
    if (url.origin === origin) return url.pathname;
  } catch {
    // No usable Referer: the home page.
  }
  return localizedPath('/', language);
}

/**
 * A public form posted without scripts (common/page/form-without-script.ts): the body is read to its
 * end and dropped unparsed, so nothing of it is kept, logged or checked, and the person is told
 * in their language that nothing was sent and how to reach the firm instead.
 */
export const formWithoutScriptRoutes: FastifyPluginAsync = async (app) => {
  // Only what a browser's form sends; anything else is refused as by every route (415, 413).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(formContentTypes, { parseAs: 'buffer', bodyLimit: formBodyLimit }, (_request, _body, done) => done(null, undefined));
  for (const language of languages) {
    app.post(localizedPath(formWithoutScriptPath, language), (request, reply) => {
      const t = translator(language);
      const { firm, appUrl } = app.config;
      const back = formPage(request.headers.referer, new URL(appUrl).origin, language);
      const html =
        `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<meta name="robots" content="noindex"><title>${escapeHtml(`${t('no-script:form.title')} · ${firm.brandName}`)}</title></head>` +
        `<body><main><h1>${escapeHtml(t('no-script:form.title'))}</h1><p>${escapeHtml(t('no-script:form.nothingSent'))}</p>` +
        `<p>${escapeHtml(t('no-script:form.enableScripts', { email: firm.email, phone: firm.phone }))}</p>` +
        `<p><a href="${escapeHtml(back)}">${escapeHtml(t('no-script:form.back'))}</a></p></main></body></html>`;
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);
    });
  }
};
