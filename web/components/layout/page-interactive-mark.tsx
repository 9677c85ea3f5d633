import { useEffect } from 'react';

/**
 * Marks the document once React drives the page (hydrated or drawn), the route's own lazy part
 * included, or the message that replaced a page that failed: a server-rendered page shows its buttons before they answer, and the browser tests
 * (e2e/support/browser.ts) wait for this mark before they press anything.
 */
export function PageInteractiveMark() {
  useEffect(() => {
    document.documentElement.dataset.interactive = 'true';
  }, []);
  return null;
}
