import type { PersonalDataOwner } from '#server/db/personal-data.ts';
import { eraseAddresses, personalTables, readAcceptances } from './engagements.personal-data.repository.ts';

/**
 * The engagement letters a person accepted. Erasing the account forgets the client addresses they
 * were accepted and withdrawn from, but keeps each letter as accepted (the client's name and document
 * in it): it is the contract the firm answers for, kept with the payment and its invoices (ADR 021).
 */
export const engagementsPersonalData: PersonalDataOwner<Awaited<ReturnType<typeof readAcceptances>>> = {
  tables: personalTables,
  export: (db, person) => readAcceptances(db, person.id),
  erase: (db, { person }) => eraseAddresses(db, person.id),
};
