import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useSession } from '#web/features/auth/api/session.queries.ts';
import { ChatWidget } from '#web/features/chat/components/chat-widget.tsx';
import { BrandSpinner } from './brand-spinner.tsx';
import { CookieBanner } from './cookie-banner.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';

export function SiteLayout() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <div className="flex min-h-screen flex-col">
      {session.isPending ? <BrandSpinner /> : null}
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        {t('nav.skipToContent')}
      </a>
      <Header />
      <main id="main" className="flex-1">
        <Suspense fallback={<BrandSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <CookieBanner />
      <ChatWidget />
    </div>
  );
}
