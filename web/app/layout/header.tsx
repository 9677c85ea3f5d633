import { Menu, X } from 'lucide-react';
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

function navLinkClass({ isActive }: { isActive: boolean }) {
  return cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-brand-50 hover:text-brand-800',
    isActive ? 'text-brand-800 underline decoration-accent-400 decoration-2 underline-offset-8' : 'text-slate-700',
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
          {navigation.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.end} className={navLinkClass}>
              {t(item.key)}
            </NavLink>
          ))}
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
