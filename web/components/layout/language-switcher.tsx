import { Check, ChevronDown } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { isLanguage, languageNames, languages } from '#common/i18n/languages.ts';
import { changeLanguage } from '#web/lib/i18n.ts';
import { Flag } from './flags.tsx';

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.language) ? i18n.language : 'es';
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="inline-flex h-10 items-center gap-2 rounded-md px-2 text-sm font-medium text-brand-900 hover:bg-brand-50"
      >
        <Flag language={current} />
        {/* The name starts with the visible code, so voice control users can say what they see. */}
        <span className="uppercase">{current}</span>
        <span className="sr-only">{t('language.label', { language: languageNames[current] })}</span>
        <ChevronDown className="h-4 w-4" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className="z-50 min-w-40 rounded-md border border-slate-200 bg-white p-1 shadow-lg">
          {languages.map((language) => (
            <DropdownMenu.Item
              key={language}
              lang={language}
              onSelect={() => void changeLanguage(language)}
              className="flex cursor-pointer items-center gap-2 rounded px-2 py-2 text-sm outline-none data-[highlighted]:bg-brand-50"
            >
              <Flag language={language} />
              <span className="flex-1">{languageNames[language]}</span>
              {language === current ? <Check className="h-4 w-4" aria-hidden /> : null}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
