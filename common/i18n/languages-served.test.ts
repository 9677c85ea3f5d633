import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { languages } from './languages.ts';

/** Where the home page says which languages the firm serves in, it names all of the site's languages: none is left out as if not served. */
describe('the languages the home page promises', () => {
  it.each(languages)('in %s, name every language of the site wherever they name more than one', (language) => {
    const names = new Intl.DisplayNames(language, { type: 'language' });
    const served = languages.map((code) => (names.of(code) ?? code).toLowerCase());
    const home = fs.readFileSync(path.resolve(import.meta.dirname, 'locales', language, 'home.json'), 'utf8');
    const texts = [...home.matchAll(/"([^"]+)"/g)].map((match) => (match[1] as string).toLowerCase());
    const claims = texts.filter((text) => served.filter((name) => text.includes(name)).length > 1);
    expect(claims.length).toBeGreaterThan(0);
    for (const claim of claims) expect(served.filter((name) => !claim.includes(name)), claim).toEqual([]);
  });
});
