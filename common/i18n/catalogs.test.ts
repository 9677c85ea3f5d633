import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { languages } from './languages.ts';

/*
 * Every text a person reads exists in es, en and fr: the three catalogs of each namespace hold
 * the same keys, and every key the code names (a namespaced 'ns:key' literal, or t('key') under
 * useTranslation('ns')) exists in them.
 */

const root = path.resolve(import.meta.dirname, '../..');
const localesDir = path.join(root, 'common/i18n/locales');
type Catalog = Record<string, unknown>;

function flatten(catalog: Catalog, prefix = ''): string[] {
  return Object.entries(catalog).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? flatten(value as Catalog, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

const pluralSuffix = /_(zero|one|two|few|many|other)$/;

/** The translator resolves `count` to `key_one`, `key_other`… whose set depends on the language's plural rules. */
function withoutPluralForms(keys: string[]): string[] {
  return [...new Set(keys.map((key) => key.replace(pluralSuffix, '')))].sort();
}

const namespaces = fs.readdirSync(path.join(localesDir, 'es')).map((file) => path.basename(file, '.json'));
const catalogs = Object.fromEntries(
  languages.map((language) => [
    language,
    Object.fromEntries(
      namespaces.map((namespace) => {
        const file = path.join(localesDir, language, `${namespace}.json`);
        return [namespace, fs.existsSync(file) ? withoutPluralForms(flatten(JSON.parse(fs.readFileSync(file, 'utf8')) as Catalog)) : undefined];
      }),
    ),
  ]),
);

/** A key names a text, or (as a prefix the code completes) a group of texts. */
function hasKey(keys: string[] | undefined, key: string): boolean {
  return (keys ?? []).some((candidate) => candidate === key || candidate.startsWith(`${key}.`));
}

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

// npm script names such as 'admin:create' look like keys.
const scriptNames = new Set(Object.keys((JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: object }).scripts));
const namespaceList = namespaces.map((namespace) => namespace.replace(/-/g, '\\-')).join('|');
const namespacedKey = new RegExp(`['"\`](${namespaceList}):([A-Za-z0-9_.-]+)['"\`]`, 'g');
const translationHook = /useTranslation\(\s*(?:'([a-z-]+)'|\[\s*((?:'[a-z-]+'\s*,?\s*)+)\])?\s*\)/g;
const plainKey = /(?:\bt\(|i18nKey=)\s*['"]([A-Za-z0-9_.-]+)['"](?:\s*,\s*\{\s*ns:\s*'([a-z-]+)')?/g;

/** Every key the code names, with the namespaces it may be found in and the file that names it. */
function keysUsedInCode(): Array<{ key: string; namespaces: string[]; file: string }> {
  const used: Array<{ key: string; namespaces: string[]; file: string }> = [];
  for (const file of ['common', 'server', 'web', 'scripts'].flatMap(sourceFiles)) {
    const source = fs.readFileSync(file, 'utf8');
    const where = path.relative(root, file);
    for (const match of source.matchAll(namespacedKey)) {
      if (!scriptNames.has(match[0].slice(1, -1))) used.push({ key: match[2] as string, namespaces: [match[1] as string], file: where });
    }
    // A plain t('key') belongs to the nearest useTranslation above it.
    const hooks = [...source.matchAll(translationHook)].map((hook) => ({
      at: hook.index,
      namespaces: hook[1] ? [hook[1]] : hook[2] ? [...hook[2].matchAll(/'([a-z-]+)'/g)].map((m) => m[1] as string) : ['common'],
    }));
    for (const match of source.matchAll(plainKey)) {
      const hook = hooks.findLast((candidate) => candidate.at < match.index);
      const namespacesOfCall = match[2] ? [match[2]] : hook?.namespaces;
      if (namespacesOfCall) used.push({ key: match[1] as string, namespaces: namespacesOfCall, file: where });
    }
  }
  return used;
}

describe('the translation catalogs', () => {
  it.each(namespaces)('%s has the same keys in es, en and fr', (namespace) => {
    for (const language of languages) expect(catalogs[language]?.[namespace], `${language}/${namespace}.json`).toEqual(catalogs.es?.[namespace]);
  });

  it('hold every key the code names, in every language', () => {
    const missing = keysUsedInCode().flatMap(({ key, namespaces: candidates, file }) =>
      languages
        .filter((language) => !candidates.some((namespace) => hasKey(catalogs[language]?.[namespace], key)))
        .map((language) => `${language}: ${candidates.join('|')}:${key} (${file})`),
    );
    expect(missing).toEqual([]);
  });
});
