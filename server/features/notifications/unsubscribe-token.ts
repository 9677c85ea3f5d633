import { createHmac, timingSafeEqual } from 'node:crypto';

/** Keeps this token's signatures apart from any other the same secret signs. */
const purpose = 'notifications.unsubscribe';

const sign = (secret: string, payload: string) => createHmac('sha256', secret).update(`${purpose}:${payload}`).digest('base64url');

/**
 * The token of an unsubscribe link: the account and the kinds it turns off, signed with the
 * server's secret (HMAC-SHA256), so it names the person without a guessable id and nobody can
 * make one for another account or another kind. It does not expire: a mail's link works as long
 * as the mail is kept.
 */
export function unsubscribeToken(secret: string, userId: string, kinds: readonly string[]): string {
  const payload = Buffer.from(JSON.stringify({ u: userId, k: kinds })).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

/** The account and kinds a token names, or undefined when it was not signed here or was changed. */
export function readUnsubscribeToken(secret: string, token: string): { userId: string; kinds: string[] } | undefined {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return undefined;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const { u, k } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { u?: unknown; k?: unknown };
    if (typeof u !== 'string' || !Array.isArray(k) || !k.every((kind) => typeof kind === 'string')) return undefined;
    return { userId: u, kinds: k as string[] };
  } catch {
    return undefined;
  }
}
