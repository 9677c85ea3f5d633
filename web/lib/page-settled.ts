import { useSyncExternalStore } from 'react';

// What a visitor does not need to read the page (the cookie banner, the chat's button) waits until
// the page has loaded and the browser is idle, so its code never delays the first paint or the
// page's own script. The server and the hydration render say "not yet".
let isSettled = false;
const listeners = new Set<() => void>();

function settle() {
  isSettled = true;
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(settle, { timeout: 2000 });
    else setTimeout(settle, 200);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

export function useIsPageSettled(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => isSettled,
    () => false,
  );
}
