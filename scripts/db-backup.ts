// `npm run db:backup -- FILE`: one archive with the database and the uploaded files, taken while the site runs.
import fs from 'node:fs';
import { OperatorInputError } from '#server/operations/context.ts';
import { runBackup, runCommand } from '#server/operations/run.ts';
import { archivePathArgument } from './lib/archive-path.ts';

await runCommand(async (config) => {
  const file = archivePathArgument('Usage: npm run db:backup -- FILE');
  if (fs.existsSync(file)) throw new OperatorInputError(`${file} already exists: choose a new file name.`);
  return runBackup(config, file);
});
