// `npm run db:migrate`: applies the committed migrations to the configured database.
import { loadConfig } from '#server/config/env.ts';
import { openDatabase } from '#server/db/client.ts';
import { databaseLocation } from '#server/db/location.ts';

const database = await openDatabase(databaseLocation(loadConfig()));
await database.migrate();
await database.close();
process.stdout.write('Database is up to date.\n');
