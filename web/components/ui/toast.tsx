import { lazy, Suspense, useSyncExternalStore } from 'react';

export type ToastOptions = {
  title: string;
  description?: string;
  variant?: 'default' | 'success' | 'destructive';
  /** Milliseconds; Infinity keeps it until dismissed. */
  duration?: number;
};

type ActiveToast = ToastOptions & { id: number };

// One toast at a time: a new one replaces the one on screen.
let current: ActiveToast | null = null;
let hasShownToast = false;
let nextId = 1;
const listeners = new Set<() => void>();

export function publish(next: ActiveToast | null) {
  current = next;
  for (const listener of listeners) listener();
}

export function toast(options: ToastOptions) {
  hasShownToast = true;
  publish({ ...options, id: nextId++ });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useActiveToast(): ActiveToast | null {
  return useSyncExternalStore(subscribe, () => current, () => null);
}

/** The current toast's id, read when one closes: a newer toast that replaced it stays. */
export function currentToastId(): number | undefined {
  return current?.id;
}

// The toasts' view (Radix, its focus and swipe handling) loads with the first toast, not with the page.
const ToastView = lazy(() => import('./toast-view.tsx'));

export function Toaster() {
  const isNeeded = useSyncExternalStore(subscribe, () => hasShownToast, () => false);
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <ToastView />
    </Suspense>
  );
}

