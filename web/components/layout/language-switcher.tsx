import { Check, ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { languageNames, languages } from '#common/i18n/languages.ts';
import { changeLanguage } from '#web/lib/i18n.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLanguage } from '#web/lib/use-language.ts';
import { Flag } from './flags.tsx';

/**
 * A menu button (WAI-ARIA pattern) written out rather than Radix's dropdown menu: it is in the header
 * of every page, and Radix's menu, popper and focus trap would weigh a fifth of the first visit's script.
 */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const current = useLanguage();
  const [isOpen, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    if (!isOpen) return;
    itemRefs.current[languages.indexOf(current)]?.focus();
    const closeOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [isOpen, current]);

  const close = () => {
    setOpen(false);
    triggerRef.current?.focus();
  };

  const onTriggerKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const items = itemRefs.current;
    const focused = items.indexOf(document.activeElement as HTMLButtonElement);
    const focusAt = (index: number) => items[(index + items.length) % items.length]?.focus();
    if (event.key === 'ArrowDown') focusAt(focused + 1);
    else if (event.key === 'ArrowUp') focusAt(focused - 1);
    else if (event.key === 'Home') focusAt(0);
    else if (event.key === 'End') focusAt(items.length - 1);
    else if (event.key === 'Escape') close();
    else if (event.key === 'Tab') setOpen(false);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={triggerRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        onClick={() => setOpen((open) => !open)}
        onKeyDown={onTriggerKeyDown}
        className="inline-flex h-10 items-center gap-2 rounded-md px-2 text-sm font-medium text-brand-900 hover:bg-brand-50"
      >
        <Flag language={current} />
        {/* The name starts with the visible code, so voice control users can say what they see. */}
        <span className="uppercase">{current}</span>
        <span className="sr-only">{t('language.label', { language: languageNames[current] })}</span>
        <ChevronDown className="h-4 w-4" aria-hidden />
      </button>
      {isOpen ? (
        <div
          id={menuId}
          role="menu"
          aria-label={t('language.label', { language: languageNames[current] })}
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 top-full z-50 mt-1 min-w-40 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
        >
          {languages.map((language, index) => (
            <button
              key={language}
              ref={(element) => {
                itemRefs.current[index] = element;
              }}
              type="button"
              role="menuitem"
              tabIndex={-1}
              lang={language}
              onClick={() => {
                close();
                changeLanguage(language);
              }}
              className="flex w-full cursor-pointer items-center gap-2 rounded px-2 py-2 text-left text-sm outline-none hover:bg-brand-50 focus:bg-brand-50"
            >
              <Flag language={language} />
              <span className="flex-1">{languageNames[language]}</span>
              {language === current ? <Check className="h-4 w-4" aria-hidden /> : null}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
