import fs from 'node:fs';
import path from 'node:path';
import { defaultLanguage, languages, type Language } from '#common/i18n/languages.ts';
import { createTranslate, findText, type Catalog, type CatalogSource, type Translate } from '#common/i18n/translate.ts';
import { projectRoot } from '#server/project-root.ts';

const localesDir = path.join(projectRoot, 'common/i18n/locales');

function loadCatalogs(language: Language): Map<string, Catalog> {
  const dir = path.join(localesDir, language);
  return new Map(
    fs
      .readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [path.basename(file, '.json'), JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Catalog]),
  );
}

const catalogsByLanguage = new Map(languages.map((language) => [language, loadCatalogs(language)]));
const catalogs: CatalogSource = (language, namespace) => catalogsByLanguage.get(language)?.get(namespace);

/** A translator bound to one language, for server-written texts (errors, e-mails); a text missing there is taken in Spanish. */
export function translator(language: Language): Translate {
  return createTranslate({ languages: [...new Set([language, defaultLanguage])], catalogs });
}

export function hasTranslation(key: string): boolean {
  return findText(key, {}, { languages: [defaultLanguage], catalogs }) !== undefined;
}
