import { useSyncExternalStore } from 'react';

const nothingToFollow = () => () => {};

/**
 * True while React hydrates the server's HTML (and on the server), false in every render after:
 * hydration reads the server's snapshot, later renders the browser's.
 */
export function useIsHydrating(): boolean {
  return useSyncExternalStore(nothingToFollow, () => false, () => true);
}
