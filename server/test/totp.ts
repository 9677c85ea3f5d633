import { createHmac } from 'node:crypto';

const base32Alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Decode(text: string): Buffer {
  let bits = '';
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const value = base32Alphabet.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => Number.parseInt(byte, 2)));
}

/**
 * The code an authenticator app shows for this key (RFC 6238: HMAC-SHA1, 30-second steps, 6 digits),
 * computed independently of the server, `stepsAhead` steps from now.
 */
export function totpCode(base32Secret: string, { at = Date.now(), stepsAhead = 0 }: { at?: number; stepsAhead?: number } = {}): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000) + stepsAhead));
  const hmac = createHmac('sha1', base32Decode(base32Secret)).update(counter).digest();
  const offset = (hmac[hmac.length - 1] as number) & 0x0f;
  const binary = hmac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}

const stepMs = 30_000;
/** The last step handed out per key: the server accepts each step's code once (two-factor.service.ts). */
const lastSteps = new Map<string, number>();

/**
 * A code the server has not accepted yet, as a person would type it: the app's code of the oldest
 * step still inside the server's window (±1 step) that is later than the last one used, waiting for
 * the next step when the window is spent.
 */
export async function unusedTotpCode(base32Secret: string): Promise<string> {
  for (;;) {
    const now = Date.now();
    const current = Math.floor(now / stepMs);
    // The step before this one only while it cannot leave the window before the request arrives.
    const oldest = now % stepMs < stepMs - 2_000 ? current - 1 : current;
    const step = Math.max(oldest, (lastSteps.get(base32Secret) ?? -Infinity) + 1);
    if (step <= current + 1) {
      lastSteps.set(base32Secret, step);
      return totpCode(base32Secret, { at: step * stepMs });
    }
    await new Promise((resolve) => setTimeout(resolve, stepMs - (now % stepMs) + 100));
  }
}
