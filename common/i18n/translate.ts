import { minPasswordLength } from '../auth/password-policy.ts';
import type { Language } from './languages.ts';

/** One namespace's texts in one language (common/i18n/locales/<language>/<namespace>.json): groups of strings. */
export type Catalog = { readonly [key: string]: string | Catalog };

/** The catalog of one namespace in one language, when it is at hand. */
export type CatalogSource = (language: Language, namespace: string) => Catalog | undefined;

/**
 * What fills a text's `{{name}}` placeholders. Three names also steer the lookup: `count` (a
 * number) picks the plural form `key_one`, `key_other`… by the language's Intl.PluralRules, `ns`
 * is the namespace of a key that names none, and `defaultValue` is the text of a missing key.
 */
export type TranslationValues = Readonly<Record<string, unknown>>;

/** A key (`namespace:group.name`, or `group.name` in the translator's namespace) to its text; a missing key gives itself. */
export type Translate = (key: string, values?: TranslationValues) => string;

type TranslatorOptions = {
  /** Where to look, in order: the language asked for, then any whose texts stand in for a missing one. */
  languages: readonly Language[];
  /** The namespace of keys that name none. */
  namespace?: string;
  catalogs: CatalogSource;
};

/** Values every text may use without being given them. */
const sharedValues: TranslationValues = { minPasswordLength };

// A sentence, not a key: a zod message such as 'Invalid input: expected string' is shown as it is
// (a space, comma, ?, ! or ; before the first dot).
const sentenceMark = /[ ,?!;]/;

function splitNamespace(key: string): { namespace?: string; path: string } {
  const separator = key.indexOf(':');
  const firstDot = key.indexOf('.');
  if (separator < 0 || sentenceMark.test(firstDot > 0 ? key.slice(0, firstDot) : key)) return { path: key };
  return { namespace: key.slice(0, separator), path: key.slice(separator + 1) };
}

function textAt(catalog: Catalog | undefined, path: string): string | undefined {
  let node: string | Catalog | undefined = catalog;
  for (const name of path.split('.')) {
    if (typeof node !== 'object' || !Object.hasOwn(node, name)) return undefined;
    node = node[name];
  }
  return typeof node === 'string' ? node : undefined;
}

const pluralRules = new Map<Language, Intl.PluralRules>();

function pluralCategory(language: Language, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

/** The text a key names, in the first of the languages that has it; undefined when none does. */
export function findText(key: string, values: TranslationValues, { languages, namespace: defaultNamespace, catalogs }: TranslatorOptions): string | undefined {
  const { namespace = typeof values.ns === 'string' ? values.ns : defaultNamespace, path } = splitNamespace(key);
  if (namespace === undefined) return undefined;
  const { count } = values;
  for (const language of languages) {
    const catalog = catalogs(language, namespace);
    const text = (typeof count === 'number' ? textAt(catalog, `${path}_${pluralCategory(language, count)}`) : undefined) ?? textAt(catalog, path);
    if (text !== undefined) return text;
  }
  return undefined;
}

/** `number(style: percent)` → Intl.NumberFormat with { style: 'percent' }; `list` → Intl.ListFormat. */
function format(value: unknown, spec: string, language: Language): unknown {
  const [, name, optionList = ''] = /^(\w+)(?:\((.*)\))?$/.exec(spec) ?? [];
  const options = Object.fromEntries(
    optionList
      .split(';')
      .filter((option) => option.includes(':'))
      .map((option) => option.split(':').map((part) => part.trim())),
  );
  if (name === 'number') return new Intl.NumberFormat(language, options).format(value as number);
  if (name === 'list') return new Intl.ListFormat(language, options).format(value as string[]);
  return value;
}

// Each placeholder is filled once: a value that holds `{{…}}` is written as it is, never filled in turn.
const placeholder = /{{(.+?)}}/g;

function interpolate(text: string, values: TranslationValues, language: Language): string {
  return text.replace(placeholder, (written, inside: string) => {
    const [name = '', ...formatParts] = inside.split(',').map((part) => part.trim());
    const given = Object.hasOwn(values, name) ? values[name] : undefined;
    const value = given === undefined ? sharedValues[name] : given;
    // A name given as undefined is written as nothing; one not given at all stays as written.
    if (value === undefined) return Object.hasOwn(values, name) ? '' : written;
    if (value === null) return '';
    return String(formatParts.length > 0 ? format(value, formatParts.join(','), language) : value);
  });
}

/** Translates in the first of `languages`, its plurals and formats in that language's rules. */
export function createTranslate(options: TranslatorOptions): Translate {
  const [language] = options.languages;
  if (!language) throw new Error('a translator needs a language');
  return (key, values = {}) => {
    const text = findText(key, values, options) ?? (typeof values.defaultValue === 'string' ? values.defaultValue : splitNamespace(key).path);
    return interpolate(text, values, language);
  };
}
