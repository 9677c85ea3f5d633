// `npm run db:migrate`: applies the committed migrations to the configured database (through the
// running server when it holds the embedded one; it migrated at start, so this confirms it).
import { runCommand, runOperation } from '#server/operations/run.ts';

await runCommand((config) => runOperation(config, 'db:migrate', {}));
