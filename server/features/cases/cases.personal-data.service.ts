import type { PersonalDataOwner } from '#server/db/personal-data.ts';
import { caseFileKeys, eraseCases, eraseViewsBy, findCaseIds, personalTables, readCases } from './cases.personal-data.repository.ts';

/** A client's cases with their history, messages, documents, requests and family members. */
export const casesPersonalData: PersonalDataOwner<Awaited<ReturnType<typeof readCases>>> = {
  tables: personalTables,
  find: async (db, person) => ({ caseIds: await findCaseIds(db, person.id) }),
  export: (db, _person, records) => readCases(db, records.caseIds),
  storedFiles: (db, records) => caseFileKeys(db, records.caseIds),
  erase: async (db, { person, records, kept }) => {
    await eraseCases(db, records.caseIds, kept.caseIds);
    await eraseViewsBy(db, person.id);
  },
};
