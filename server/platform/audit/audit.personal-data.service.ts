import type { PersonalDataOwner } from '#server/db/personal-data.ts';
import { eraseFromAudit, personalTables, readAuditEntries } from './audit.personal-data.repository.ts';

/** The audit entries about a person's records: exported, and kept without the personal data their details copied. */
export const auditPersonalData: PersonalDataOwner<Awaited<ReturnType<typeof readAuditEntries>>> = {
  tables: personalTables,
  export: readAuditEntries,
  erase: (db, { person, records }) => eraseFromAudit(db, person, records),
};
