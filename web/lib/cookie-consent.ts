import { useSyncExternalStore } from 'react';
import { safeStorage } from './storage.ts';

const consentStorageKey = 'cookie-consent';
const consentPreferencesStorageKey = 'cookie-consent-preferences';

type ConsentChoice = 'accepted' | 'configured' | 'rejected';
export type ConsentPreferences = { analytics: boolean; marketing: boolean };

type ConsentState = { choice: ConsentChoice | null; preferences: ConsentPreferences; isDialogOpen: boolean };

const noOptional: ConsentPreferences = { analytics: false, marketing: false };

function readPreferences(choice: ConsentChoice | null): ConsentPreferences {
  if (choice === 'accepted') return { analytics: true, marketing: true };
  if (choice !== 'configured') return noOptional;
  try {
    const stored = JSON.parse(safeStorage.get(consentPreferencesStorageKey) ?? '{}') as Partial<ConsentPreferences>;
    return { analytics: stored.analytics === true, marketing: stored.marketing === true };
  } catch {
    return noOptional;
  }
}

function readChoice(): ConsentChoice | null {
  const stored = safeStorage.get(consentStorageKey);
  return stored === 'accepted' || stored === 'configured' || stored === 'rejected' ? stored : null;
}

const initialChoice = readChoice();
let state: ConsentState = { choice: initialChoice, preferences: readPreferences(initialChoice), isDialogOpen: false };
const serverState: ConsentState = { choice: null, preferences: noOptional, isDialogOpen: false };
const listeners = new Set<() => void>();

function update(next: Partial<ConsentState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export const cookieConsent = {
  accept() {
    safeStorage.set(consentStorageKey, 'accepted');
    update({ choice: 'accepted', preferences: { analytics: true, marketing: true }, isDialogOpen: false });
  },
  reject() {
    safeStorage.set(consentStorageKey, 'rejected');
    update({ choice: 'rejected', preferences: noOptional, isDialogOpen: false });
  },
  configure(preferences: ConsentPreferences) {
    safeStorage.set(consentStorageKey, 'configured');
    safeStorage.set(consentPreferencesStorageKey, JSON.stringify(preferences));
    update({ choice: 'configured', preferences, isDialogOpen: false });
  },
  openSettings() {
    update({ isDialogOpen: true });
  },
  closeSettings() {
    update({ isDialogOpen: false });
  },
};

export function useCookieConsent(): ConsentState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => serverState,
  );
}
