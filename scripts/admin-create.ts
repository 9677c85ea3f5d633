// `npm run admin:create -- --email E --password P [--first-name F --last-name L]`:
// creates a confirmed admin account, or makes an existing account admin. While a server runs on
// the embedded database, the server itself does it, so the site sees the new admin at once.
import { parseArgs } from 'node:util';
import { OperatorInputError } from '#server/operations/context.ts';
import { runCommand, runOperation } from '#server/operations/run.ts';

const usage = 'Usage: npm run admin:create -- --email E --password P [--first-name F --last-name L]';

await runCommand(async (config) => {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
      },
    }));
  } catch (error) {
    throw new OperatorInputError(`${(error as Error).message}\n${usage}`);
  }
  if (!values.email || !values.password) throw new OperatorInputError(usage);
  return runOperation(config, 'admin:create', {
    email: values.email,
    password: values.password,
    firstName: values['first-name'],
    lastName: values['last-name'],
  });
});
