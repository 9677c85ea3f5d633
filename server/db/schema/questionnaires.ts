import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { questionnaireStatuses, type QuestionnaireAnswers, type QuestionnaireDefinition } from '#common/questionnaires/questionnaires.contract.ts';
import { users } from './auth.ts';
import { cases } from './cases.ts';
import { createdAt, id } from './columns.ts';
import { procedures } from './procedures.ts';

/**
 * A procedure's questionnaire (ADR 058): seeded by migration from the official forms' sections and
 * edited by the firm, like the checklists; a case answers its procedure's one.
 */
export const procedureQuestionnaires = pgTable('procedure_questionnaires', {
  procedureId: text('procedure_id')
    .primaryKey()
    .references(() => procedures.id, { onDelete: 'cascade' }),
  definition: jsonb('definition').$type<QuestionnaireDefinition>().notNull(),
  createdAt: createdAt(),
});

/**
 * Every version of a case's answers: each save, submission, correction and review adds a row, so
 * what the client sent and what the firm changed stay side by side. Never updated nor deleted but with the case.
 */
export const caseQuestionnaireVersions = pgTable(
  'case_questionnaire_versions',
  {
    id: id(),
    caseId: integer('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    procedureId: text('procedure_id').notNull(),
    version: integer('version').notNull(),
    status: text('status', { enum: questionnaireStatuses }).notNull(),
    answers: jsonb('answers').$type<QuestionnaireAnswers>().notNull(),
    savedBy: text('saved_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('case_questionnaire_versions_case_version_idx').on(table.caseId, table.version), index('case_questionnaire_versions_case_idx').on(table.caseId)],
);
