// `npm run db:restore -- FILE`: restores an archive of db:backup into an empty DATA_DIR or database.
import fs from 'node:fs';
import { OperatorInputError } from '#server/operations/context.ts';
import { runCommand, runRestore } from '#server/operations/run.ts';
import { archivePathArgument } from './lib/archive-path.ts';

await runCommand(async (config) => {
  const file = archivePathArgument('Usage: npm run db:restore -- FILE');
  if (!fs.existsSync(file)) throw new OperatorInputError(`${file} does not exist.`);
  return runRestore(config, file);
});
