import { lazy, Suspense, useContext, useMemo } from 'react';
import { Outlet } from 'react-router';
import { BrandSpinner } from '#web/components/layout/brand-spinner.tsx';
import { PageErrorBoundary } from '#web/components/layout/page-error-boundary.tsx';
import { useCookieConsent } from '#web/lib/cookie-consent.ts';
import { hydrateOnIntent } from '#web/lib/hydrate-on-intent.tsx';
import { useIsPageSettled } from '#web/lib/page-settled.ts';
import { RenderedOnServerContext } from '#web/lib/rendered-on-server.ts';
import { useSession } from '#web/lib/session.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { Header } from './header.tsx';
import { PageInteractiveMark } from '#web/components/layout/page-interactive-mark.tsx';

const LateWidgets = lazy(() => import('./late-widgets.tsx'));

// Below the fold on every page, read without a script: its code loads when the visitor reaches for it.
const Footer = hydrateOnIntent(() => import('#web/components/layout/footer.tsx').then((module) => module.Footer));

export function SiteLayout() {
  const { t } = useTranslation();
  const session = useSession();
  // The footer's cookie settings may be asked for before the page settles: the dialog comes with the banner.
  const { isDialogOpen } = useCookieConsent();
  const isSettled = useIsPageSettled();
  const isRenderedOnServer = useContext(RenderedOnServerContext);
  // The same element on every render of the layout: while the page is still hydrating (its route's
  // code or texts on their way), a render of the layout (the session answers, the page settles)
  // would hand its boundary new children, and React would drop the server's HTML to draw it anew.
  const page = useMemo(
    () => (
      <PageErrorBoundary>
        <Suspense fallback={<BrandSpinner />}>
          <Outlet />
          <PageInteractiveMark />
        </Suspense>
      </PageErrorBoundary>
    ),
    [],
  );
  return (
    <div className="flex min-h-screen flex-col">
      {session.isPending && !isRenderedOnServer ? <BrandSpinner /> : null}
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        {t('nav.skipToContent')}
      </a>
      <Header />
      {/* At least the rest of the screen below the header (h-16): the footer starts below the fold,
          so it never jumps down when a page's content arrives. */}
      <main id="main" className="min-h-[calc(100svh-4rem)] flex-1">
        {page}
      </main>
      <Footer />
      {isSettled || isDialogOpen ? (
        <Suspense fallback={null}>
          <LateWidgets />
        </Suspense>
      ) : null}
    </div>
  );
}
