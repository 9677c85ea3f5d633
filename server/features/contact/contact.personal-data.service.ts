import type { PersonalDataOwner } from '#server/db/personal-data.ts';
import { eraseContactRequests, findContactRequestIds, personalTables, readContactRequests } from './contact.personal-data.repository.ts';

/** The contact form's requests sent with their e-mail. */
export const contactPersonalData: PersonalDataOwner<Awaited<ReturnType<typeof readContactRequests>>> = {
  tables: personalTables,
  find: async (db, person) => ({ contactRequestIds: await findContactRequestIds(db, person.email) }),
  export: (db, _person, records) => readContactRequests(db, records.contactRequestIds),
  erase: (db, { records }) => eraseContactRequests(db, records.contactRequestIds),
};
