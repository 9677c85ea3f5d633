import { describe, expect, it } from 'vitest';
import type { Language } from './languages.ts';
import { createTranslate, findText, type Catalog } from './translate.ts';

const catalogs: Partial<Record<Language, Record<string, Catalog>>> = {
  es: {
    common: { greeting: 'Hola, {{name}}', onlyInSpanish: 'Solo en español', group: { leaf: 'Hoja' } },
    admin: { cases_one: '{{count}} expediente', cases_other: '{{count}} expedientes', title: 'Panel' },
    auth: { hint: 'Al menos {{minPasswordLength}} caracteres.' },
    services: { discount: '{{discount, number(style: percent)}} de descuento', missing: 'Falta: {{variables, list}}' },
  },
  en: {
    common: { greeting: 'Hello, {{name}}', group: { leaf: 'Leaf' } },
    admin: { cases_one: '{{count}} case', cases_other: '{{count}} cases', title: 'Panel' },
  },
  fr: {
    admin: { cases_one: '{{count}} dossier', cases_other: '{{count}} dossiers' },
    services: { discount: '{{discount, number(style: percent)}} de remise' },
  },
};

const source = (language: Language, namespace: string) => catalogs[language]?.[namespace];
const translate = (languages: Language[], namespace?: string) => createTranslate({ languages, namespace, catalogs: source });

describe('the translator', () => {
  it('finds a key in its namespace, or in the one the key names', () => {
    const t = translate(['en'], 'common');
    expect(t('group.leaf')).toBe('Leaf');
    expect(t('admin:title')).toBe('Panel');
    expect(t('title', { ns: 'admin' })).toBe('Panel');
  });

  it('gives a missing key itself, without its namespace, or the default value', () => {
    const t = translate(['en'], 'common');
    expect(t('admin:nowhere.near')).toBe('nowhere.near');
    expect(t('group')).toBe('group');
    expect(t('nowhere', { defaultValue: '— {{name}}', name: 'x' })).toBe('— x');
    expect(translate(['en'])('greeting')).toBe('greeting');
  });

  it('shows a sentence passed as a key as it is', () => {
    const t = translate(['en'], 'common');
    expect(t('Invalid input: expected string, received undefined')).toBe('Invalid input: expected string, received undefined');
  });

  it('falls back to the next language only where it has the key', () => {
    expect(translate(['en', 'es'], 'common')('onlyInSpanish')).toBe('Solo en español');
    expect(translate(['en', 'es'], 'common')('greeting', { name: 'Ana' })).toBe('Hello, Ana');
    expect(translate(['en'], 'common')('onlyInSpanish')).toBe('onlyInSpanish');
  });

  it('picks the plural form by the language’s rules', () => {
    expect([0, 1, 2].map((count) => translate(['en'], 'admin')('cases', { count }))).toEqual(['0 cases', '1 case', '2 cases']);
    // French counts zero in the singular.
    expect([0, 1, 2].map((count) => translate(['fr'], 'admin')('cases', { count }))).toEqual(['0 dossier', '1 dossier', '2 dossiers']);
    // A count given as text chooses no form.
    expect(translate(['en'], 'admin')('title', { count: '2' })).toBe('Panel');
  });

  it('fills placeholders once, leaves unknown ones, and writes nothing for undefined or null', () => {
    const t = translate(['en'], 'common');
    expect(t('greeting', { name: '{{name}} <b>' })).toBe('Hello, {{name}} <b>');
    expect(t('greeting')).toBe('Hello, {{name}}');
    expect(t('greeting', { name: undefined })).toBe('Hello, ');
    expect(t('greeting', { name: null })).toBe('Hello, ');
    expect(t('greeting', { name: 3 })).toBe('Hello, 3');
  });

  it('knows the minimum password length without being told', () => {
    expect(translate(['es'], 'auth')('hint')).toBe('Al menos 8 caracteres.');
  });

  it('formats percentages and lists in the language asked for', () => {
    // Intl puts a no-break space before the sign in Spanish and French.
    expect(translate(['es'], 'services')('discount', { discount: 0.5 })).toMatch(/^50\s%\sde descuento$/);
    expect(translate(['fr', 'es'], 'services')('discount', { discount: 0.1 })).toMatch(/^10\s%\sde remise$/);
    expect(translate(['fr', 'es'], 'services')('missing', { variables: ['A', 'B'] })).toBe('Falta: A et B');
  });

  it('tells whether a key has a text', () => {
    const options = { languages: ['es'] as Language[], catalogs: source };
    expect(findText('common:group.leaf', {}, options)).toBe('Hoja');
    expect(findText('common:group', {}, options)).toBeUndefined();
    expect(findText('Required', {}, options)).toBeUndefined();
  });
});
