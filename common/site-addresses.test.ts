import { describe, expect, it } from 'vitest';
import { localizedPath, pageInEveryLanguage, panelAddress, splitLanguagePrefix } from './site-addresses.ts';

describe('a language at its own address', () => {
  it('keeps Spanish at the root and prefixes the others', () => {
    expect(localizedPath('/servicios', 'es')).toBe('/servicios');
    expect(localizedPath('/servicios', 'en')).toBe('/en/servicios');
    expect(localizedPath('/', 'fr')).toBe('/fr/');
    expect(pageInEveryLanguage('/noticias/7')).toEqual({ es: '/noticias/7', en: '/en/noticias/7', fr: '/fr/noticias/7' });
  });

  it('reads the language back from an address', () => {
    expect(splitLanguagePrefix('/en/servicios')).toEqual({ language: 'en', path: '/servicios' });
    expect(splitLanguagePrefix('/fr/')).toEqual({ language: 'fr', path: '/' });
    expect(splitLanguagePrefix('/fr')).toEqual({ language: 'fr', path: '/' });
    expect(splitLanguagePrefix('/servicios')).toEqual({ language: 'es', path: '/servicios' });
    expect(splitLanguagePrefix('/es/servicios')).toEqual({ language: 'es', path: '/es/servicios' });
    expect(splitLanguagePrefix('/entrada')).toEqual({ language: 'es', path: '/entrada' });
  });

  it('is its own inverse for every page', () => {
    for (const path of ['/', '/servicios', '/noticias/12', '/aviso-legal'])
      for (const language of ['es', 'en', 'fr'] as const)
        expect(splitLanguagePrefix(localizedPath(path, language))).toEqual({ language, path });
  });

  it('links a client to their panel in their language, at the case a mail is about', () => {
    expect(panelAddress('es')).toBe('/panel');
    expect(panelAddress('fr', 'EXP-007')).toBe('/fr/panel?expediente=EXP-007');
    expect(panelAddress('en', 'EXP-120')).toBe('/en/panel?expediente=EXP-120');
  });
});
