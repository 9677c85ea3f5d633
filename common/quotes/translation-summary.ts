import type { TranslationQuoteDetails } from './quote-vocabulary.ts';

type Translate = (key: string, options?: { count: number }) => string;

/**
 * What a translation quote covers, in one line in the language of `t` (the mail, the panel and the
 * mailed link say it alike): 'Traducción jurada · 12 páginas · Francés → Español · Urgente'.
 */
export function translationSummary(t: Translate, translation: TranslationQuoteDetails): string {
  return [
    t(`translations:types.${translation.isSworn ? 'sworn' : 'standard'}`),
    t(`quotes:units.${translation.unit}`, { count: translation.quantity }),
    `${t(`translations:languages.${translation.sourceLanguage}`)} → ${t(`translations:languages.${translation.targetLanguage}`)}`,
    t(`quotes:urgencies.${translation.urgency}`),
  ].join(' · ');
}
