import type { PersonalDataOwner } from '#server/db/personal-data.ts';
import { eraseOptOuts, personalTables, readOptOuts } from './notifications.repository.ts';

/** The kinds of notice a person turned off: in their archive, and forgotten with the account. */
export const notificationsPersonalData: PersonalDataOwner<Awaited<ReturnType<typeof readOptOuts>>> = {
  tables: personalTables,
  export: (db, person) => readOptOuts(db, person.id),
  erase: (db, { person }) => eraseOptOuts(db, person.id),
};
