import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { TodayWhose } from '#common/today/today.contract.ts';

/**
 * The rows a "Hoy" list asks for, by their assignee column: one person's and the unassigned ones,
 * or (the firm) all. Written as one comparison rather than `= id or is null`, which the planner
 * would answer by reading every case of that person and of nobody through the assignee index,
 * when the few open items (received documents, open deadlines, each on its own index) need only
 * their own cases.
 */
export function assignedTo(column: AnyColumn, whose: TodayWhose): SQL | undefined {
  return whose === 'firm' ? undefined : sql`coalesce(${column}, ${whose.staffId}) = ${whose.staffId}`;
}
