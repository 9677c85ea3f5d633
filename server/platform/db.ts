import fp from 'fastify-plugin';
import type { Database, Db } from '#server/db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

/** Makes the database reachable by every feature; the app's owner opens and closes it. */
export const dbPlugin = fp<{ database: Database }>(async (app, { database }) => {
  app.decorate('database', database);
  app.decorate('db', database.db);
});
