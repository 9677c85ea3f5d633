import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { languages, type Language } from './languages.ts';
import { createTranslate, type Catalog } from './translate.ts';

const localesDir = path.join(import.meta.dirname, 'locales');
const namespaces = fs.readdirSync(path.join(localesDir, 'es')).map((file) => file.replace(/\.json$/, ''));
const catalog = (language: string, namespace: string) =>
  JSON.parse(fs.readFileSync(path.join(localesDir, language, `${namespace}.json`), 'utf8')) as Catalog;

function keys(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'object' && child !== null ? keys(child, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

const translator = (language: Language) => createTranslate({ languages: [language], catalogs: catalog });

describe('plurals in the catalogs', () => {
  it('give every counted text a singular and a plural form in each language', () => {
    for (const language of languages) {
      for (const namespace of namespaces) {
        const all = keys(catalog(language, namespace));
        const counted = all.filter((key) => /_(one|other)$/.test(key)).map((key) => key.replace(/_(one|other)$/, ''));
        for (const key of counted) expect(all, `${language}/${namespace}: ${key}`).toEqual(expect.arrayContaining([`${key}_one`, `${key}_other`]));
      }
    }
  });

  it.each([
    ['es', ['0 expedientes', '1 expediente', '3 expedientes'], ['1 consulta', '2 consultas'], ['1 pago', '3 pagos']],
    ['en', ['0 cases', '1 case', '3 cases'], ['1 consultation', '2 consultations'], ['1 payment', '3 payments']],
    // French counts zero in the singular.
    ['fr', ['0 dossier', '1 dossier', '3 dossiers'], ['1 consultation', '2 consultations'], ['1 paiement', '3 paiements']],
  ] as const)('counts an account’s holdings in %s', (language, cases, consultations, payments) => {
    const t = translator(language);
    expect([0, 1, 3].map((count) => t('admin:clients.casesCount', { count }))).toEqual(cases);
    expect([1, 2].map((count) => t('admin:clients.consultationsCount', { count }))).toEqual(consultations);
    expect([1, 3].map((count) => t('admin:clients.paymentsCount', { count }))).toEqual(payments);
  });
});
