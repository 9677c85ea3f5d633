import type { PersonalDataOwner } from '#server/db/personal-data.ts';
import { erasePacks, packFileKeys, personalTables, readPacks } from './filing-packs.personal-data.repository.ts';

/** The filing packs of a client's cases: copies of their documents, with the registry's receipt. */
export const filingPacksPersonalData: PersonalDataOwner<Awaited<ReturnType<typeof readPacks>>> = {
  tables: personalTables,
  export: (db, _person, records) => readPacks(db, records.caseIds),
  storedFiles: (db, records) => packFileKeys(db, records.caseIds),
  erase: (db, { records }) => erasePacks(db, records.caseIds),
};
