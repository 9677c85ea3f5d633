// Writes common/auth/common-passwords.json: the 1,000 most used passwords that are long enough
// to pass the length rule, from zxcvbn's frequency-ordered list. Run again to refresh it.
import fs from 'node:fs';
import { dictionary } from '@zxcvbn-ts/language-common';
import { minPasswordLength } from '#common/auth/password-policy.ts';

const passwords = (dictionary['passwords-common'] as string[])
  .filter((password) => password.length >= minPasswordLength)
  .slice(0, 1000);
fs.writeFileSync(new URL('../common/auth/common-passwords.json', import.meta.url), `${JSON.stringify(passwords)}\n`);
process.stdout.write(`Wrote ${passwords.length} passwords.\n`);
