import path from 'node:path';
import { OperatorInputError } from '#server/operations/context.ts';

/** The one FILE argument of db:backup and db:restore, resolved against the directory npm was run from. */
export function archivePathArgument(usage: string): string {
  const files = process.argv.slice(2);
  if (files.length !== 1 || files[0]?.startsWith('-')) throw new OperatorInputError(usage);
  // npm runs scripts from the package root; INIT_CWD is where the operator typed the command.
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), files[0] as string);
}
