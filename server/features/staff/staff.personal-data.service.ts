import type { PersonalDataOwner } from '#server/db/personal-data.ts';
import { eraseInvitations, personalTables, readInvitations } from './staff.personal-data.repository.ts';

/** The invitations to join the staff sent to their e-mail (the audit log's entries about them are the audit's to erase). */
export const staffPersonalData: PersonalDataOwner<Awaited<ReturnType<typeof readInvitations>>> = {
  tables: personalTables,
  export: (db, person) => readInvitations(db, person.email),
  erase: (db, { person }) => eraseInvitations(db, person.email),
};
