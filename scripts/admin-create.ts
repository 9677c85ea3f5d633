// `npm run admin:create -- --email E --password P [--first-name F --last-name L]`:
// creates a confirmed admin account, or makes an existing account admin.
import { parseArgs } from 'node:util';
import pino from 'pino';
import { newPasswordSchema } from '#common/auth/auth.contract.ts';
import { ConfigError, loadConfig } from '#server/config/env.ts';
import { openDatabase } from '#server/db/client.ts';
import { databaseLocation } from '#server/db/location.ts';
import { createAuthMails } from '#server/features/auth/auth.mails.ts';
import { createBetterAuth } from '#server/features/auth/better-auth.ts';
import { upsertConfirmedAccount } from '#server/features/auth/confirmed-account.ts';
import { translator } from '#server/i18n.ts';
import { createMailer } from '#server/integrations/mail/mailer.ts';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const usage = 'Usage: npm run admin:create -- --email E --password P [--first-name F --last-name L]';
let values;
try {
  ({ values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string', default: 'Admin' },
      'last-name': { type: 'string', default: '' },
    },
  }));
} catch (error) {
  fail(`${(error as Error).message}\n${usage}`);
}
if (!values.email || !values.password) fail(usage);
if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email)) fail('--email is not a valid e-mail address.');
const password = newPasswordSchema.safeParse(values.password);
if (!password.success) {
  const t = translator('en');
  fail(`--password: ${password.error.issues.map((issue) => t(issue.message)).join(' ')}`);
}

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}
const database = await openDatabase(databaseLocation(config));
await database.migrate();
const auth = createBetterAuth(config, database.db, createAuthMails(config, createMailer(config, pino({ level: 'silent' }))));
const result = await upsertConfirmedAccount(auth, database.db, {
  email: values.email,
  password: values.password,
  firstName: values['first-name'],
  lastName: values['last-name'],
  role: 'admin',
});
await database.close();
process.stdout.write(
  result.isNew ? `Created the admin account ${values.email}.\n` : `${values.email} already had an account: it is now an admin (its password is unchanged).\n`,
);
