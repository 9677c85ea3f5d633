import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/** The account whose records are looked for: its id, and its confirmed e-mail (what the public forms and the chat were sent with). */
export type Person = { id: string; email: string };

/**
 * The records about one person, across every feature that holds some (ADR 021): those of their
 * account, and those sent from the public forms or the chat with their e-mail. A signed-in
 * account's e-mail is confirmed (or was given by the firm), so these are theirs.
 */
export type PersonalRecords = {
  caseIds: number[];
  /** Their account's, and the expatriation requests sent signed out with their e-mail. */
  consultationIds: string[];
  paymentIds: string[];
  /** Made out to their account, or to their e-mail without an account (a translation quote). */
  quoteIds: string[];
  contactRequestIds: string[];
  translationRequestIds: string[];
  /** The conversation of their account. */
  chatConversationIds: string[];
  /** Every message of that conversation, and those written with their e-mail elsewhere. */
  chatMessageIds: string[];
};

/** The records a payment names: kept, emptied of personal data, for the payment and its invoices. */
export type KeptRecords = Pick<PersonalRecords, 'caseIds' | 'consultationIds' | 'quoteIds'>;

/** What an erasure knows when each owner erases its part. */
export type Erasure = {
  person: Person;
  records: PersonalRecords;
  kept: KeptRecords;
  /** The address the erased account and its kept quotes are given instead of theirs. */
  erasedEmail: string;
  now: Date;
};

/**
 * How a feature that keeps personal data answers for it (ADR 021): it names the tables whose
 * personal columns it exports and erases, finds the person's records in them, exports its part of
 * the archive and erases its part of an account, each in the caller's transaction. The profile
 * feature composes the owners (server/features/profile/personal-data.service.ts), and
 * personal-data.test.ts fails on a table with a personal column that no owner claims.
 */
export type PersonalDataOwner<Exported> = {
  tables: PgTable[];
  /** The ids of the person's records in the owner's tables. */
  find?: (db: Db, person: Person) => Promise<Partial<PersonalRecords>>;
  /** Its rows in the archive: named columns only, never a secret of the site. */
  export: (db: Db, person: Person, records: PersonalRecords) => Promise<Exported>;
  /** Which records stay (emptied) because the owner's rows must be kept and name them. */
  keeps?: (db: Db, records: PersonalRecords) => Promise<Partial<KeptRecords>>;
  /** Where the files of these records are stored, to remove once the rows are gone. */
  storedFiles?: (db: Db, records: PersonalRecords) => Promise<string[]>;
  erase: (db: Db, erasure: Erasure) => Promise<void>;
};
