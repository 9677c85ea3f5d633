import type { PersonalDataOwner } from '#server/db/personal-data.ts';
import { eraseAppointments, personalTables, readAppointments } from './official-appointments.personal-data.repository.ts';

/** The appointments with the administration of a client's cases. */
export const officialAppointmentsPersonalData: PersonalDataOwner<Awaited<ReturnType<typeof readAppointments>>> = {
  tables: personalTables,
  export: (db, _person, records) => readAppointments(db, records.caseIds),
  erase: (db, { records }) => eraseAppointments(db, records.caseIds),
};
