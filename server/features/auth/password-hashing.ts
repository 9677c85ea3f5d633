import { hash, verify } from '@node-rs/argon2';

/** Argon2id in the library's numbering (its const enum cannot be imported under isolated modules). */
const argon2id = 2;

// OWASP Password Storage Cheat Sheet: Argon2id, 19 MiB of memory, 2 iterations, 1 lane.
const options = { algorithm: argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export function verifyPassword({ hash: digest, password }: { hash: string; password: string }): Promise<boolean> {
  return verify(digest, password).catch(() => false);
}
