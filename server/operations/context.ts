import type { AppConfig } from '#server/config/env.ts';
import type { Database } from '#server/db/client.ts';
import type { BetterAuth } from '#server/features/auth/better-auth.ts';
import type { Storage } from '#server/integrations/storage/storage.ts';

/** What an operator command needs: inside the running server its own instances, else ones made for the command. */
export type OperatorContext = {
  config: AppConfig;
  database: Database;
  auth: BetterAuth;
  storage: Storage;
};

/** Input an operator typed wrong: shown as it is, with no stack trace, and nothing changed. */
export class OperatorInputError extends Error {
  override name = 'OperatorInputError';
}
