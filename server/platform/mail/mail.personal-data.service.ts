import type { PersonalDataOwner } from '#server/db/personal-data.ts';
import { eraseMailsOf, personalTables } from './mail.personal-data.repository.ts';

/** The outbox's mails to or about them: erased with the account; the archive has never held them (each copies a record it holds). */
export const mailPersonalData: PersonalDataOwner<null> = {
  tables: personalTables,
  export: () => Promise.resolve(null),
  erase: (db, { person }) => eraseMailsOf(db, person.email),
};
