import { createHmac } from 'node:crypto';

/** Better Auth's TOTP settings (its two-factor plugin's defaults, which better-auth.ts keeps). */
const stepMs = 30_000;
const digits = 6;

/** RFC 4226's code for one counter, HMAC-SHA1 over the key's UTF-8 bytes as Better Auth computes it. */
function hotp(key: string, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const hmac = createHmac('sha1', Buffer.from(key, 'utf8')).update(message).digest();
  const offset = (hmac[hmac.length - 1] as number) & 0x0f;
  return String((hmac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits).padStart(digits, '0');
}

/**
 * The 30-second step an accepted app code belongs to: Better Auth took it within one step of its
 * clock, and a step may have ended since, so the steps from two before now to one after are tried,
 * latest first (a code matching two steps then spends the later one).
 */
export function totpStepOf(key: string, code: string, now: Date): number | undefined {
  const current = Math.floor(now.getTime() / stepMs);
  for (let step = current + 1; step >= current - 2; step -= 1) if (hotp(key, step) === code) return step;
  return undefined;
}
