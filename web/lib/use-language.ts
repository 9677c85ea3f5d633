import type { Language } from '#common/i18n/languages.ts';
import { useTranslations } from './translation.tsx';

export function useLanguage(): Language {
  return useTranslations().language;
}
