import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { LocalizedText } from '#common/procedures/procedures.contract.ts';
import { createdAt, documentColumns, id } from './columns.ts';
import { services } from './services.ts';

/**
 * A procedure the firm handles (arraigo social, TIE…) with its checklist template. Seeded by
 * migration from docs' official requirements and edited by the admins; a service's default one is
 * the checklist a case of that service opens with, and one without a service is applied by hand.
 */
export const procedures = pgTable(
  'procedures',
  {
    /** Readable for the seeded ones ('arraigo-social'), generated for the admins'. */
    id: text('id').primaryKey(),
    serviceId: text('service_id').references(() => services.id, { onDelete: 'set null' }),
    isDefault: boolean('is_default').notNull().default(false),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('procedures_one_default_per_service').on(table.serviceId).where(sql`${table.isDefault}`)],
);

/** One document of a procedure's checklist, in the order the client sees them. */
export const procedureItems = pgTable(
  'procedure_items',
  {
    id: id(),
    procedureId: text('procedure_id')
      .notNull()
      .references(() => procedures.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    ...documentColumns(),
    createdAt: createdAt(),
  },
  (table) => [index('procedure_items_procedure_idx').on(table.procedureId, table.position)],
);
