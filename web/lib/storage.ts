/** localStorage that tolerates being absent (prerendering) or refused (private modes). */
export const safeStorage = {
  get(key: string): string | null {
    try {
      return typeof window === 'undefined' ? null : window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // A refused write only means the choice is not remembered.
    }
  },
};
