import type { PersonalDataOwner } from '#server/db/personal-data.ts';
import { anonymiseAccount, personalTables, readAccount } from './auth.personal-data.repository.ts';

export { countOtherAdmins, findAccount, lockAccount } from './auth.personal-data.repository.ts';

/** The account itself (its profile) and its sessions; erased last, since every other record points to it. */
export const authPersonalData: PersonalDataOwner<Awaited<ReturnType<typeof readAccount>>> = {
  tables: personalTables,
  export: (db, person) => readAccount(db, person.id),
  erase: (db, { person, erasedEmail, now }) => anonymiseAccount(db, person.id, erasedEmail, now),
};
