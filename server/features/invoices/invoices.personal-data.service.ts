import type { PersonalDataOwner } from '#server/db/personal-data.ts';
import { personalTables, readInvoices } from './invoices.personal-data.repository.ts';

/** The invoices of a person's payments, buyer included. */
export const invoicesPersonalData: PersonalDataOwner<Awaited<ReturnType<typeof readInvoices>>> = {
  tables: personalTables,
  export: (db, _person, records) => readInvoices(db, records.paymentIds),
  // Issued invoices are kept as issued, buyer included, as the law requires (ADR 021); the database refuses any change to them.
  erase: async () => {},
};
