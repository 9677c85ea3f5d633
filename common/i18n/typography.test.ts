import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatLongDate } from '../long-date.ts';
import { languages, type Language } from './languages.ts';

/*
 * The catalogs hold every text a person reads, mails included, so their typography is checked
 * here once for all: French puts a no-break space before ':', ';', '?' and '!' and inside « »
 * (a plain space lets the sign start a line), and Spanish writes a long date '13 de diciembre
 * de 2026', never '13 de diciembre, 2026'.
 */

const localesDir = path.resolve(import.meta.dirname, 'locales');
type Catalog = Record<string, unknown>;

function texts(catalog: Catalog, prefix = ''): Array<[string, string]> {
  return Object.entries(catalog).flatMap(([key, value]): Array<[string, string]> =>
    typeof value === 'object' && value !== null ? texts(value as Catalog, `${prefix}${key}.`) : [[`${prefix}${key}`, String(value)]],
  );
}

function catalogTexts(language: Language): Array<{ where: string; text: string }> {
  return fs.readdirSync(path.join(localesDir, language)).flatMap((file) =>
    texts(JSON.parse(fs.readFileSync(path.join(localesDir, language, file), 'utf8')) as Catalog).map(([key, text]) => ({
      where: `${language}/${file} ${key}`,
      text,
    })),
  );
}

const noBreakSpace = '[\u00a0\u202f]';
/** What is no prose: interpolations, nested keys, addresses, clock times and the 'HH:MM' pattern. */
const notProse = /\{\{[^}]*\}\}|\$t\([^)]*\)|[a-z]+:\/\/\S*|\d:\d|HH:MM/g;
const badFrenchSpacing = [
  new RegExp(`[^\\s\u00a0\u202f?!][:;?!]`, 'u'),
  new RegExp(` [:;?!»]`, 'u'),
  new RegExp(`«(?!${noBreakSpace})`, 'u'),
  new RegExp(`(?<!${noBreakSpace})»`, 'u'),
];

function hasBadFrenchSpacing(text: string): boolean {
  const prose = text.replace(notProse, 'x');
  return badFrenchSpacing.some((pattern) => pattern.test(prose));
}

/** 'de {{brand}}' reads 'de Asesoría Elche' but 'de Abogados…' would need 'd'': the firm's name comes after words that never elide. */
const unelidedBeforeFirmName = /\b(?:de|que|le|la|jusque|lorsque|puisque) \{\{brand\}\}/i;
const spanishDateWithComma = /\d{1,2} de (?:enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre), \d{4}/;

describe('the typography of the catalogs', () => {
  it('tells a French text missing its no-break space from a right one', () => {
    for (const wrong of ['Statut : En attente', 'Confirmer mon compte:', 'Pour qui ?', 'le délai « {{kind}} »', 'Prêt!'])
      expect(hasBadFrenchSpacing(wrong), wrong).toBe(true);
    for (const right of ['Statut\u00a0: En attente', 'Pour qui\u202f?', 'le délai «\u00a0{{kind}}\u00a0»', 'à {{time}}, 10:30', 'https://exemple.fr', 'Quoi\u202f?!'])
      expect(hasBadFrenchSpacing(right), right).toBe(false);
  });

  it('puts a no-break space before : ; ? ! and inside « » in every French text', () => {
    expect(catalogTexts('fr').filter(({ text }) => hasBadFrenchSpacing(text)).map(({ where, text }) => `${where}: ${text}`)).toEqual([]);
  });

  it("names the firm in French after words that need no elision ('du cabinet {{brand}}')", () => {
    expect(catalogTexts('fr').filter(({ text }) => unelidedBeforeFirmName.test(text)).map(({ where, text }) => `${where}: ${text}`)).toEqual([]);
  });

  it("hires the firm in French words, not an insurance's ('souscrire')", () => {
    expect(catalogTexts('fr').filter(({ text }) => /souscri/i.test(text)).map(({ where, text }) => `${where}: ${text}`)).toEqual([]);
  });

  it('writes no Spanish long date with a comma before the year, in any catalog', () => {
    expect(spanishDateWithComma.test('13 de diciembre, 2026')).toBe(true);
    const faults = languages.flatMap((language) => catalogTexts(language).filter(({ text }) => spanishDateWithComma.test(text)));
    expect(faults.map(({ where, text }) => `${where}: ${text}`)).toEqual([]);
  });

  it('gives the mails and pages the Spanish long date with "de" before the year, in every month', () => {
    for (let month = 0; month < 12; month += 1) {
      const date = formatLongDate(new Date(Date.UTC(2026, month, 13, 12)), 'es');
      expect(date).toMatch(/^13 de \p{L}+ de 2026$/u);
      expect(spanishDateWithComma.test(date)).toBe(false);
    }
  });
});
