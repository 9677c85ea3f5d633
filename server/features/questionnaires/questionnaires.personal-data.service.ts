import type { PersonalDataOwner } from '#server/db/personal-data.ts';
import { eraseVersions, personalTables, readVersions } from './questionnaires.personal-data.repository.ts';

/** The questionnaire answers of a client's cases, every version: erased with the cases, even those a payment keeps. */
export const questionnairesPersonalData: PersonalDataOwner<Awaited<ReturnType<typeof readVersions>>> = {
  tables: personalTables,
  export: (db, _person, records) => readVersions(db, records.caseIds),
  erase: (db, { records }) => eraseVersions(db, records.caseIds),
};
