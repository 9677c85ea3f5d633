import type { PersonalDataOwner } from '#server/db/personal-data.ts';
import { staffNotes } from '#server/db/schema/notes.ts';
import { eraseNotesAbout } from './notes.repository.ts';

/**
 * The staff's notes name the client but are the firm's work product (the privacy policy says so):
 * never in the client's archive, erased with their account, cases and consultations, kept ones too.
 */
export const notesPersonalData: PersonalDataOwner<null> = {
  tables: [staffNotes],
  export: () => Promise.resolve(null),
  erase: (db, { person, records }) => eraseNotesAbout(db, { caseIds: records.caseIds, consultationIds: records.consultationIds, clientId: person.id }),
};
