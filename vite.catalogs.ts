import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const localesDir = fileURLToPath(new URL('common/i18n/locales', import.meta.url));

/** The site's catalogs as `language/namespace.json` and their JSON; the mails' (mail*.json) are the server's alone. */
function siteCatalogs(): { file: string; json: string }[] {
  return fs
    .readdirSync(localesDir)
    .flatMap((language) =>
      fs
        .readdirSync(path.join(localesDir, language))
        .filter((name) => name.endsWith('.json') && !name.startsWith('mail'))
        .map((name) => `${language}/${name}`),
    )
    .sort()
    .map((file) => ({ file, json: JSON.stringify(JSON.parse(fs.readFileSync(path.join(localesDir, file), 'utf8'))) }));
}

/**
 * The browser fetches each catalog it needs as JSON from one folder named by the hash of them all
 * (`virtual:catalogs` gives its address), so the page's script holds one name, not one per
 * catalog, and a new build's texts never meet an old build's cached ones. The dev server serves
 * them from the sources.
 */
export function catalogs(): Plugin {
  const virtualId = 'virtual:catalogs';
  let folder = 'catalogs-dev';
  let files: { file: string; json: string }[] = [];
  return {
    name: 'catalogs',
    buildStart() {
      if (this.environment.mode === 'dev') return;
      files = siteCatalogs();
      const hash = createHash('sha256');
      for (const { file, json } of files) hash.update(file).update(json);
      folder = `catalogs-${hash.digest('hex').slice(0, 10)}`;
    },
    resolveId: (id) => (id === virtualId ? `\0${virtualId}` : undefined),
    load: (id) => (id === `\0${virtualId}` ? `export const catalogsUrl = ${JSON.stringify(`/assets/${folder}`)};` : undefined),
    generateBundle() {
      // The server's renderer holds every catalog in its bundle (web/entry-server.tsx).
      if (this.environment.config.consumer === 'server') return;
      for (const { file, json } of files) this.emitFile({ type: 'asset', fileName: `assets/${folder}/${file}`, source: json });
    },
    configureServer(server) {
      server.middlewares.use(`/assets/${folder}`, (request, response, next) => {
        const file = siteCatalogs().find((catalog) => `/${catalog.file}` === request.url);
        if (!file) return next();
        response.setHeader('Content-Type', 'application/json');
        response.end(file.json);
      });
    },
  };
}
