import { MessageCircle, X } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { useCookieConsent } from '#web/lib/cookie-consent.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { chatLinkIn } from '../chat-link.ts';
import { useIsChatWidgetShown } from '../chat-widget-shown.ts';

// The panel (form, conversation, live stream) loads on the first wish to open it, not with the page.
const loadPanel = () => import('./chat-panel.tsx');
const ChatPanel = lazy(loadPanel);
const preloadPanel = () => void loadPanel();

/**
 * While the cookie banner asks, the widget (and its open panel) stays above it, so it never covers
 * its buttons. The banner is found by its accessible name, the same catalog text it is labelled with.
 */
function useCookieBannerHeight(): number {
  const { t } = useTranslation();
  const { choice } = useCookieConsent();
  const label = t('cookies.bannerLabel');
  const [height, setHeight] = useState(0);
  const isBannerShown = choice === null;

  useEffect(() => {
    if (!isBannerShown) return;
    const banner = [...document.querySelectorAll<HTMLElement>('section[aria-label]')].find((element) => element.getAttribute('aria-label') === label);
    if (!banner) return;
    const observer = new ResizeObserver(() => setHeight(banner.offsetHeight));
    observer.observe(banner);
    return () => observer.disconnect();
  }, [isBannerShown, label]);

  return isBannerShown ? height : 0;
}

function PanelLoading() {
  const { t } = useTranslation('chat');
  return (
    <div role="status" className="w-[min(24rem,calc(100vw-2rem))] rounded-lg border border-slate-200 bg-white p-6 text-center text-sm text-slate-700 shadow-2xl">
      {t('widget.loading')}
    </div>
  );
}

/**
 * An address from the firm's mail (`#chat`, `#chat=<link>`) opens the widget, with the mailed
 * conversation to give this browser; the fragment is dropped so that a reload or a shared address
 * does not use the link again.
 */
function useChatLinkOnArrival(arrive: (link: string | undefined) => void) {
  useEffect(() => {
    const arrival = chatLinkIn(window.location.hash);
    if (!arrival) return;
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    arrive(arrival.link);
  }, [arrive]);
}

function ChatLauncher() {
  const { t } = useTranslation('chat');
  const [isOpen, setOpen] = useState(false);
  const [reopenLink, setReopenLink] = useState<string>();
  const launcherRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const bannerHeight = useCookieBannerHeight();
  useChatLinkOnArrival(
    useCallback((link: string | undefined) => {
      setReopenLink(link);
      setOpen(true);
    }, []),
  );

  const close = useCallback(() => {
    setOpen(false);
    launcherRef.current?.focus();
  }, []);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && isOpen) {
      event.stopPropagation();
      close();
    }
  };

  return (
    <aside
      aria-label={t('widget.label')}
      onKeyDown={onKeyDown}
      // On a phone the button sits in the header bar, over the place the header keeps free for it
      // (header.tsx), so it never covers a heading, a field or a toast, and the panel opens below
      // it. From md up it floats at the bottom left, clear of the toasts on the right.
      className="fixed z-40 flex flex-col items-end gap-3 max-md:right-4 max-md:top-3 md:bottom-(--chat-bottom) md:left-4 md:flex-col-reverse md:items-start"
      // The panel's height (chat-panel.tsx) leaves room for the banner, the button and the page header.
      style={{ '--chat-bottom': `${bannerHeight + 16}px`, '--chat-banner': `${bannerHeight}px` } as CSSProperties}
    >
      <button
        ref={launcherRef}
        type="button"
        aria-expanded={isOpen}
        aria-controls={isOpen ? panelId : undefined}
        onClick={() => setOpen((open) => !open)}
        onPointerEnter={preloadPanel}
        onFocus={preloadPanel}
        className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-800 text-white shadow-lg transition-colors hover:bg-brand-700 md:h-14 md:w-14"
      >
        {isOpen ? <X className="h-5 w-5 md:h-6 md:w-6" aria-hidden /> : <MessageCircle className="h-5 w-5 md:h-6 md:w-6" aria-hidden />}
        <span className="sr-only">{isOpen ? t('widget.close') : t('widget.open')}</span>
      </button>
      {isOpen ? (
        <Suspense fallback={<PanelLoading />}>
          <ChatPanel id={panelId} reopenLink={reopenLink} />
        </Suspense>
      ) : null}
    </aside>
  );
}

/** The floating chat of every page (docs/product/pages.md) but the back office: a button that opens and closes the conversation. */
export function ChatWidget() {
  if (!useIsChatWidgetShown()) return null;
  return (
    <Suspense fallback={null}>
      <ChatLauncher />
    </Suspense>
  );
}
