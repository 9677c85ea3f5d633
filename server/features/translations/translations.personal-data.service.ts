import type { PersonalDataOwner } from '#server/db/personal-data.ts';
import {
  eraseTranslationRequests,
  findTranslationRequestIds,
  personalTables,
  readTranslationRequests,
  translationFileKeys,
} from './translations.personal-data.repository.ts';

/** The translation requests sent with their e-mail, and their documents. */
export const translationsPersonalData: PersonalDataOwner<Awaited<ReturnType<typeof readTranslationRequests>>> = {
  tables: personalTables,
  find: async (db, person) => ({ translationRequestIds: await findTranslationRequestIds(db, person.email) }),
  export: (db, _person, records) => readTranslationRequests(db, records.translationRequestIds),
  storedFiles: (db, records) => translationFileKeys(db, records.translationRequestIds),
  erase: (db, { records }) => eraseTranslationRequests(db, records.translationRequestIds),
};
