import { ChevronDown, Menu, X } from 'lucide-react';
import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { AccountButton } from '#web/features/auth/components/account-button.tsx';
import { useIsChatWidgetShown } from '#web/features/chat/chat-widget-shown.ts';
import { cn } from '#web/lib/cn.ts';
import { hydrateOnIntent } from '#web/lib/hydrate-on-intent.tsx';
import { useFirm } from '#web/lib/firm.ts';
import { useTranslation } from '#web/lib/translation.tsx';

// Its menu's code loads when the visitor reaches for it; until then its button shows the language.
const LanguageSwitcher = hydrateOnIntent(() => import('#web/components/layout/language-switcher.tsx').then((module) => module.LanguageSwitcher));

const navigation = [
  { to: '/', key: 'nav.home', end: true },
  { to: '/servicios', key: 'nav.services', end: false },
  { to: '/noticias', key: 'nav.news', end: false },
  { to: '/contacto', key: 'nav.contact', end: false },
] as const;

/** The section pages the Servicios menu leads to (ADR 035). */
const sectionLinks = [
  { to: '/extranjeria', key: 'nav.immigration' },
  { to: '/traducciones', key: 'nav.translations' },
  { to: '/expatriacion', key: 'nav.expatriation' },
] as const;

function navLinkClass({ isActive }: { isActive: boolean }) {
  return cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-brand-50 hover:text-brand-800',
    isActive ? 'text-brand-800 underline decoration-accent-400 decoration-2 underline-offset-8' : 'text-slate-700',
  );
}

/**
 * Servicios, with a disclosure beside it that lists the section pages: a button and links, not an
 * ARIA menu, so each link is reached with Tab like the rest of the bar.
 */
function ServicesNavItem() {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <div
      className="relative flex items-center"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) close();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') close();
      }}
    >
      <NavLink to="/servicios" className={navLinkClass} onClick={close}>
        {t('nav.services')}
      </NavLink>
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls="services-sections"
        aria-label={t('nav.servicesMenu')}
        onClick={() => setOpen((open) => !open)}
        className="rounded-md p-1 text-slate-700 hover:bg-brand-50 hover:text-brand-800"
      >
        <ChevronDown className={cn('h-4 w-4 transition-transform', isOpen && 'rotate-180')} aria-hidden />
      </button>
      {isOpen ? (
        <ul id="services-sections" className="absolute top-full left-0 mt-2 flex w-64 flex-col gap-1 rounded-md border border-slate-200 bg-white p-2 shadow-lg">
          {sectionLinks.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} className={(state) => cn(navLinkClass(state), 'block')} onClick={close}>
                {t(item.key)}
              </NavLink>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function Header() {
  const { t } = useTranslation();
  const firm = useFirm();
  const [isMenuOpen, setMenuOpen] = useState(false);
  const isChatShown = useIsChatWidgetShown();
  const closeMenu = () => setMenuOpen(false);

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Link to="/" className="flex items-center gap-2 text-base leading-tight font-bold text-brand-800 sm:text-lg" onClick={closeMenu}>
          <img src="/favicon.svg" alt="" width={28} height={28} />
          {firm.brandName}
        </Link>
        <nav aria-label={t('nav.main')} className="hidden items-center gap-1 md:flex">
          {navigation.map((item) =>
            item.to === '/servicios' ? (
              <ServicesNavItem key={item.to} />
            ) : (
              <NavLink key={item.to} to={item.to} end={item.end} className={navLinkClass}>
                {t(item.key)}
              </NavLink>
            ),
          )}
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          <LanguageSwitcher />
          <AccountButton />
        </div>
        <div className="flex items-center gap-1 md:hidden">
          <LanguageSwitcher />
          <Button
            variant="ghost"
            size="icon"
            aria-expanded={isMenuOpen}
            aria-controls="mobile-menu"
            aria-label={isMenuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {isMenuOpen ? <X className="h-5 w-5" aria-hidden /> : <Menu className="h-5 w-5" aria-hidden />}
          </Button>
          {/* On a phone the chat's button (fixed, chat-widget.tsx) sits here, in the header bar. */}
          {isChatShown ? <span className="h-10 w-10" aria-hidden /> : null}
        </div>
      </div>
      {isMenuOpen ? (
        <nav id="mobile-menu" aria-label={t('nav.main')} className="border-t border-slate-200 bg-white px-4 py-3 md:hidden">
          <ul className="flex flex-col gap-1">
            {navigation.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className={navLinkClass} onClick={closeMenu}>
                  {t(item.key)}
                </NavLink>
                {item.to === '/servicios' ? (
                  <ul className="mt-1 flex flex-col gap-1 border-l border-slate-200 pl-3">
                    {sectionLinks.map((section) => (
                      <li key={section.to}>
                        <NavLink to={section.to} className={navLinkClass} onClick={closeMenu}>
                          {t(section.key)}
                        </NavLink>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
            <li className="pt-2">
              <AccountButton onNavigate={closeMenu} />
            </li>
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
