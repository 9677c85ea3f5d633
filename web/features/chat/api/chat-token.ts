import { chatTokenHeader, chatTokenSchema } from '#common/chat/chat.contract.ts';
import { safeStorage } from '#web/lib/storage.ts';

const storageKey = 'chat-token';

/** Kept here too, for browsers that refuse storage: the conversation then lasts as long as the page. */
let pageToken: string | undefined;

function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

function storedToken(): string | undefined {
  const stored = safeStorage.get(storageKey) ?? pageToken;
  return stored && chatTokenSchema.safeParse(stored).success ? stored : undefined;
}

/** The header that shows the server which conversation is this browser's, when it has one. */
export function chatTokenHeaders(): Record<string, string> {
  const token = storedToken();
  return token ? { [chatTokenHeader]: token } : {};
}

function storeNewToken(): string {
  const token = randomToken();
  pageToken = token;
  safeStorage.set(storageKey, token);
  return token;
}

/** The same, creating the browser's random token first if needed (a visitor's first message). */
export function ensuredChatTokenHeaders(): Record<string, string> {
  return { [chatTokenHeader]: storedToken() ?? storeNewToken() };
}

/** A new token for this browser, for a mailed link to give the conversation to (the one before leaves with its own). */
export function newChatTokenHeaders(): Record<string, string> {
  return { [chatTokenHeader]: storeNewToken() };
}
