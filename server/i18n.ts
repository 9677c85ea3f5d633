import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next, { type TFunction } from 'i18next';
import { minPasswordLength } from '#common/auth/password-policy.ts';
import { defaultLanguage, languages, type Language } from '#common/i18n/languages.ts';

const localesDir = fileURLToPath(new URL('../common/i18n/locales', import.meta.url));

function loadCatalogs() {
  return Object.fromEntries(
    languages.map((language) => {
      const dir = path.join(localesDir, language);
      const namespaces = fs
        .readdirSync(dir)
        .filter((file) => file.endsWith('.json'))
        .map((file) => [
          path.basename(file, '.json'),
          JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Record<string, unknown>,
        ]);
      return [language, Object.fromEntries(namespaces)];
    }),
  );
}

const instance = i18next.createInstance();
void instance.init({
  resources: loadCatalogs(),
  lng: defaultLanguage,
  fallbackLng: defaultLanguage,
  initAsync: false,
  interpolation: { escapeValue: false, defaultVariables: { minPasswordLength } },
  returnNull: false,
});

/** A translator bound to one language, for server-written texts (errors, e-mails). */
export function translator(language: Language): TFunction {
  return instance.getFixedT(language);
}

export function hasTranslation(key: string): boolean {
  return instance.exists(key);
}
