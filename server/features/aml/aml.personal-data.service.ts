import type { PersonalDataOwner } from '#server/db/personal-data.ts';
import { markRelationshipEnded, personalTables, readPersonIdentifications } from './aml.repository.ts';

/**
 * The identification records kept under the anti-money-laundering law (Ley 10/2010, art. 25): in
 * the client's data export, and kept when the account is erased (GDPR art. 17.3.b: a legal
 * obligation), the erasure only starting their 10 years; their own retention task erases them.
 */
export const amlPersonalData: PersonalDataOwner<Awaited<ReturnType<typeof readPersonIdentifications>>> = {
  tables: personalTables,
  export: (db, person) => readPersonIdentifications(db, person.id),
  erase: (db, { person, now }) => markRelationshipEnded(db, person.id, now),
};
