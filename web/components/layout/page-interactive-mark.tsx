import { useEffect } from 'react';
import { interactiveAttribute } from '#common/page/held-actions.ts';
import { useIsHydrating } from '#web/lib/hydration.ts';
import { releaseHeldActions } from '#web/lib/held-actions.ts';

/**
 * Marks the document once React drives the page (hydrated or drawn), the route's own lazy part
 * included, or the message that replaced a page that failed, and hands back what the person pressed
 * before (ADR 034). After hydration's own render: the page has drawn itself again with what
 * hydration leaves out (the person signed in), so a replayed press acts for them.
 */
export function PageInteractiveMark() {
  const isHydrating = useIsHydrating();
  useEffect(() => {
    if (isHydrating) return;
    document.documentElement.setAttribute(interactiveAttribute, 'true');
    releaseHeldActions();
  }, [isHydrating]);
  return null;
}
