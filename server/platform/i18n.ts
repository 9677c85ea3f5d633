import fp from 'fastify-plugin';
import { languageFromHeader, type Language } from '#common/i18n/languages.ts';
import type { Translate } from '#common/i18n/translate.ts';
import { translator } from '#server/platform/translator.ts';

declare module 'fastify' {
  interface FastifyRequest {
    language: Language;
    t: Translate;
  }
}

/** Every request answers in the language the browser asks for (the web sends the chosen one). */
export const i18nPlugin = fp(async (app) => {
  app.decorateRequest('language', 'es');
  app.decorateRequest('t', null as unknown as Translate);
  app.addHook('onRequest', async (request) => {
    request.language = languageFromHeader(request.headers['accept-language']);
    request.t = translator(request.language);
  });
});
