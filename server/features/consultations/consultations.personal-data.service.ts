import type { PersonalDataOwner } from '#server/db/personal-data.ts';
import {
  consultationFileKeys,
  eraseConsultations,
  findConsultationIds,
  personalTables,
  readConsultations,
} from './consultations.personal-data.repository.ts';

/** A person's consultations, with their messages and attachments. */
export const consultationsPersonalData: PersonalDataOwner<Awaited<ReturnType<typeof readConsultations>>> = {
  tables: personalTables,
  find: async (db, person) => ({ consultationIds: await findConsultationIds(db, person) }),
  export: (db, _person, records) => readConsultations(db, records.consultationIds),
  storedFiles: (db, records) => consultationFileKeys(db, records.consultationIds),
  erase: (db, { records, kept }) => eraseConsultations(db, records.consultationIds, kept.consultationIds),
};
