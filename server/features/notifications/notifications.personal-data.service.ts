import type { PersonalDataOwner } from '#server/db/personal-data.ts';
import { eraseOptOuts, personalTables, readOptOuts, readPushSubscriptions } from './notifications.repository.ts';

type NotificationsArchive = { optOuts: Awaited<ReturnType<typeof readOptOuts>>; browsers: Awaited<ReturnType<typeof readPushSubscriptions>> };

/** The kinds of notice a person turned off and the browsers they let notify them: in their archive, and forgotten with the account. */
export const notificationsPersonalData: PersonalDataOwner<NotificationsArchive> = {
  tables: personalTables,
  export: async (db, person) => ({ optOuts: await readOptOuts(db, person.id), browsers: await readPushSubscriptions(db, person.id) }),
  erase: (db, { person }) => eraseOptOuts(db, person.id),
};
