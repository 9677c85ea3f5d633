import { getTableColumns, getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '#server/db/schema/index.ts';
import * as unclaimedFixture from '#server/test/fixtures/unclaimed-personal-table.ts';
import { personalDataOwners } from './personal-data.service.ts';

/*
 * Which columns hold personal data is read from their names, and from an explicit list where the
 * name does not say it:
 * - an e-mail (`email`, `sender_email`, a mail's `recipient` and `reply_to`), a name (`name`,
 *   `first_name`, a file's `original_name` or `document_name`, which people name after themselves),
 *   a phone, a passport, a NIE, an address (postal or IP), a date of birth;
 * - free text a client writes: a message or its `body`, a `subject`, `details`, `text_to_translate`.
 */
const personalName = /(^|_)(e?mail|recipient|reply_to|name|phone|passport|passport_number|nie|address|date_of_birth|body|message|message_text|subject|details|text_to_translate)$/;
/** Personal columns whose names do not say so. */
const personalColumns = [
  'invoices.content' /* the buyer */,
  'payments.billing' /* the buyer */,
  'payments.family_members',
  // The identification Ley 10/2010 asks for property work: the identity document's number, where the money comes from and what for.
  'aml_identifications.document_number',
  'aml_identifications.funds_origin',
  'aml_identifications.purpose',
];
/** Columns whose names match but hold nobody's data. */
const notPersonal: Record<string, string> = {
  'holidays.name': 'a public holiday’s name',
  'scheduled_tasks.name': 'a background task’s name',
  'service_translations.price_details': 'the catalogue’s wording of a price',
  'deadline_reminders.recipient': "'client' or 'firm', never an address",
  // Known gap, kept as it is by this check: a hold lives minutes and an erasure has never reached it.
  'consultation_slot_holds.client_address': 'the address a checkout came from, to allow one live hold per address',
};

const tablesOf = (module: object) => Object.values(module).filter((value): value is PgTable => is(value, PgTable));

/** The tables with a personal column that no owner claims. */
function unclaimedPersonalTables(tables: PgTable[]): string[] {
  const claimed = new Set(Object.values(personalDataOwners).flatMap((owner) => owner.tables));
  return tables
    .filter((table) =>
      Object.values(getTableColumns(table)).some((column) => {
        const key = `${getTableName(table)}.${column.name}`;
        return !(key in notPersonal) && (personalName.test(column.name) || personalColumns.includes(key));
      }),
    )
    .filter((table) => !claimed.has(table))
    .map(getTableName);
}

describe('personal data: every table with a personal column has an owner that exports and erases it', () => {
  it('holds for every table of the schema', () => {
    expect(unclaimedPersonalTables(tablesOf(schema))).toEqual([]);
  });

  it('fails on a table added with a personal column and no owner (the fixture)', () => {
    expect(unclaimedPersonalTables([...tablesOf(schema), ...tablesOf(unclaimedFixture)])).toEqual(['newsletter_subscribers']);
  });

  it('knows every column its lists name, so that a renamed column is not silently forgotten', () => {
    const columns = new Set(tablesOf(schema).flatMap((table) => Object.values(getTableColumns(table)).map((column) => `${getTableName(table)}.${column.name}`)));
    expect([...personalColumns, ...Object.keys(notPersonal)].filter((key) => !columns.has(key))).toEqual([]);
  });

  it('gives each table one owner, with an exporter and an eraser', () => {
    const owners = Object.values(personalDataOwners);
    for (const owner of owners) {
      expect(owner.export).toBeTypeOf('function');
      expect(owner.erase).toBeTypeOf('function');
    }
    const tables = owners.flatMap((owner) => owner.tables.map(getTableName));
    expect(tables.filter((table, index) => tables.indexOf(table) !== index)).toEqual([]);
  });
});
