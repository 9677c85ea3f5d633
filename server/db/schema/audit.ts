import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { users } from './auth.ts';

export const auditLogs = pgTable(
  'audit_logs',
  {
    id: id(),
    adminId: text('admin_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetTable: text('target_table').notNull(),
    targetId: text('target_id').notNull(),
    details: jsonb('details'),
    /** The client address the admin acted from; empty for entries older than its recording. */
    ipAddress: text('ip_address'),
    createdAt: createdAt(),
  },
  // The back office's list, newest first (read backwards).
  (table) => [index('audit_logs_created_at_idx').on(table.createdAt)],
);
