import type { PersonalDataOwner } from '#server/db/personal-data.ts';
import { eraseQuotes, findQuoteIds, personalTables, readQuotes } from './quotes.personal-data.repository.ts';

export const quotesPersonalData: PersonalDataOwner<Awaited<ReturnType<typeof readQuotes>>> = {
  tables: personalTables,
  find: async (db, person) => ({ quoteIds: await findQuoteIds(db, person) }),
  export: (db, _person, records) => readQuotes(db, records.quoteIds),
  erase: (db, { records, kept, erasedEmail }) => eraseQuotes(db, records.quoteIds, kept.quoteIds, erasedEmail),
};
