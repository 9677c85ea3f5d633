import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const instant = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Named periodic tasks: one row each, whose next run any app instance may claim (SKIP LOCKED and a
 * lease), so that each occurrence runs on one instance only.
 */
export const scheduledTasks = pgTable('scheduled_tasks', {
  name: text('name').primaryKey(),
  nextRunAt: instant('next_run_at').notNull(),
  /** While running: the claim's end, after which another instance may run it again. */
  lockedUntil: instant('locked_until'),
  lastRunAt: instant('last_run_at'),
});
