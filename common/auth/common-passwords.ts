import commonPasswords from './common-passwords.json' with { type: 'json' };

const common = new Set(commonPasswords);

/** One of the 1,000 most used passwords long enough to pass the length rule. */
export function isCommonPassword(password: string): boolean {
  return common.has(password.toLowerCase());
}
