import { CookieBanner } from '#web/components/layout/cookie-banner.tsx';
import { LanguageOffer } from '#web/components/layout/language-offer.tsx';
import { ChatWidget } from '#web/features/chat/components/chat-widget.tsx';

/**
 * What every page shows once it is usable, loaded apart from the page: the cookie banner, the
 * offer of the browser's language and the chat's button are fixed on screen, so their arrival
 * moves nothing. One module, so the banner is on screen when the chat measures it.
 */
export default function LateWidgets() {
  return (
    <>
      <CookieBanner />
      <LanguageOffer />
      <ChatWidget />
    </>
  );
}
