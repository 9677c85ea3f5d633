export const languages = ['es', 'en', 'fr'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'es';

/** The locale Intl writes each language's numbers, money and times in. */
export const intlLocales: Record<Language, string> = { es: 'es-ES', en: 'en-GB', fr: 'fr-FR' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** Picks the first supported language of an Accept-Language header, else the default. */
export function languageFromHeader(header: string | undefined): Language {
  if (!header) return defaultLanguage;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { base: tag.toLowerCase().split('-')[0], q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((entry) => !Number.isNaN(entry.q))
    .sort((a, b) => b.q - a.q);
  return ranked.map((entry) => entry.base).find(isLanguage) ?? defaultLanguage;
}

/** Each language named in itself, as language pickers do. */
export const languageNames: Record<Language, string> = { es: 'Español', en: 'English', fr: 'Français' };
