import type { PersonalDataOwner } from '#server/db/personal-data.ts';
import { eraseDeadlines, personalTables, readDeadlines } from './deadlines.personal-data.repository.ts';

/** The deadlines of a client's cases, and the firm's notes on them. */
export const deadlinesPersonalData: PersonalDataOwner<Awaited<ReturnType<typeof readDeadlines>>> = {
  tables: personalTables,
  export: (db, _person, records) => readDeadlines(db, records.caseIds),
  erase: (db, { records }) => eraseDeadlines(db, records.caseIds),
};
