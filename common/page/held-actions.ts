/**
 * The contract between the page's first inline script, which holds what a person does before the
 * page answers (server/platform/held-actions-script.ts), and the web, which hands it back
 * (web/lib/held-actions.ts): ADR 034.
 */

/** On `<html>` once React drives the page: before it, every press is held. */
export const interactiveAttribute = 'data-interactive';

/** On a part of the page whose code has not hydrated yet (web/lib/hydrate-on-intent.tsx): a press inside it is held. */
export const awaitingHydrationAttribute = 'data-awaiting-hydration';

/** Fired on the element a press was held for, so that the part it belongs to loads its code. */
export const actionHeldEvent = 'actionheld';

/** The global the inline script leaves for the web. */
export const heldActionsGlobal = 'heldActions';
