import { eq, isNull, type Column, type SQL } from 'drizzle-orm';
import type { AssignedListQuery } from '#common/assignees/assignees.contract.ts';

/** A back-office list's `assigned` filter on a table's assignee column: the staff member's own rows, the unassigned queue, or every row. */
export function assignedListFilter(column: Column, assigned: AssignedListQuery['assigned'], staffId: string): SQL | undefined {
  if (assigned === 'mine') return eq(column, staffId);
  if (assigned === 'unassigned') return isNull(column);
  return undefined;
}
