import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A cookie that says "this browser did X for this e-mail address" (an HMAC of the address, so it
 * names nobody and cannot be forged), sent back only to the one route that asks.
 */
type BrowserMark = {
  cookie: (email: string) => string;
  isOn: (email: string, cookieHeader: string | undefined) => boolean;
};

function browserMark(
  { secret, isSecure }: { secret: string; isSecure: boolean },
  { name, path, maxAgeSeconds }: { name: string; path: string; maxAgeSeconds: number },
): BrowserMark {
  const mark = (email: string) => createHmac('sha256', secret).update(`${name}:${email.trim().toLowerCase()}`).digest('base64url');
  return {
    cookie: (email) => `${name}=${mark(email)}; Path=${path}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${isSecure ? '; Secure' : ''}`,
    isOn: (email, cookieHeader) => {
      const expected = Buffer.from(mark(email));
      return (cookieHeader ?? '')
        .split(';')
        .map((pair) => pair.trim())
        .filter((pair) => pair.startsWith(`${name}=`))
        .some((pair) => {
          const given = Buffer.from(pair.slice(name.length + 1));
          return given.length === expected.length && timingSafeEqual(given, expected);
        });
    },
  };
}

const day = 24 * 60 * 60;

export function browserMarks(keys: { secret: string; isSecure: boolean }) {
  return {
    /**
     * The browser that registered (or asked for the link again): a confirmation link signs in only
     * there; opened elsewhere it confirms and asks to sign in, so nobody can sign a victim's
     * browser into an account they control by sending its link.
     */
    confirming: browserMark(keys, { name: 'confirming_browser', path: '/api/auth/verify-email', maxAgeSeconds: day }),
    /** A browser that signed in to the account before: the per-account limit never locks its owner out there. */
    known: browserMark(keys, { name: 'known_browser', path: '/api/account/sign-in', maxAgeSeconds: 180 * day }),
  };
}

/**
 * The address a sign-up confirmation link confirms, read from its token (a JWT Better Auth
 * has just verified); undefined for an e-mail change's link, which carries the new address.
 */
export function confirmedEmailOf(token: string | null): string | undefined {
  const payload = token?.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { email?: unknown; updateTo?: unknown };
    return typeof claims.email === 'string' && claims.updateTo === undefined ? claims.email : undefined;
  } catch {
    return undefined;
  }
}
