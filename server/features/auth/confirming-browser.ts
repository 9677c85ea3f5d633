import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A confirmation link signs in only the browser that registered (or asked for the link again):
 * opened anywhere else it confirms the account and then asks to sign in, so nobody can sign a
 * victim's browser into an account they control by sending them its link.
 */
const cookieName = 'confirming_browser';
const lifetimeSeconds = 24 * 60 * 60;

function mark(secret: string, email: string): string {
  return createHmac('sha256', secret).update(`confirming-browser:${email.trim().toLowerCase()}`).digest('base64url');
}

/** The cookie that marks this browser as the one confirming `email`; it goes only to the confirmation route. */
export function confirmingBrowserCookie(secret: string, email: string, isSecure: boolean): string {
  const secure = isSecure ? '; Secure' : '';
  return `${cookieName}=${mark(secret, email)}; Path=/api/auth/verify-email; Max-Age=${lifetimeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

/** Whether the request's cookies mark it as the browser confirming `email`. */
export function isConfirmingBrowser(secret: string, email: string, cookieHeader: string | undefined): boolean {
  const expected = Buffer.from(mark(secret, email));
  return (cookieHeader ?? '')
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair.startsWith(`${cookieName}=`))
    .some((pair) => {
      const given = Buffer.from(pair.slice(cookieName.length + 1));
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
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
