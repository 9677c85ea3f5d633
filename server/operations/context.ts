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

/** A failure the operator is meant to read: shown as it is, with no stack trace, and the command exits 1. */
export class OperatorFailure extends Error {
  override name = 'OperatorFailure';
}

/** Input an operator typed wrong: nothing was changed. */
export class OperatorInputError extends OperatorFailure {
  override name = 'OperatorInputError';
}

/** A check that found something wrong (`invoices:verify`): its report is the message. */
export class OperatorCheckError extends OperatorFailure {
  override name = 'OperatorCheckError';
}
