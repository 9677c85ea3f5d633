import { heldActionsGlobal } from '#common/page/held-actions.ts';

/** What the page's first inline script leaves (server/platform/held-actions-script.ts); absent where no server wrote the page (Vite's dev server). */
type HeldActions = {
  /** Hands every held press whose element now answers back to it, once, in the order they were made. */
  release: () => void;
  /** Whether a press inside this element is waiting for it to answer. */
  within: (container: Element) => boolean;
};

const heldActions = () => (window as unknown as Record<string, HeldActions | undefined>)[heldActionsGlobal];

/** After React has drawn what it just committed: a press replayed before would reach the previous drawing. */
export function releaseHeldActions() {
  setTimeout(() => heldActions()?.release());
}

export function hasHeldActionWithin(container: Element): boolean {
  return heldActions()?.within(container) ?? false;
}
