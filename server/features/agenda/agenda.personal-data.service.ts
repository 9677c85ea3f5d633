import type { PersonalDataOwner } from '#server/db/personal-data.ts';
import { eraseEventsOf, personalTables } from './agenda.personal-data.repository.ts';

/** An admin's own agenda events: erased with their account; the archive has never held them (a client has none). */
export const agendaPersonalData: PersonalDataOwner<null> = {
  tables: personalTables,
  export: () => Promise.resolve(null),
  erase: (db, { person }) => eraseEventsOf(db, person.id),
};
