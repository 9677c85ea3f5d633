import { and, asc, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { scheduledTasks } from '#server/db/schema/worker.ts';

/** Adds the tasks that have no row yet, first due at `firstRunAt`; existing rows keep their schedule. */
export async function insertMissingTasks(db: Db, names: string[], firstRunAt: Date): Promise<void> {
  if (names.length === 0) return;
  await db
    .insert(scheduledTasks)
    .values(names.map((name) => ({ name, nextRunAt: firstRunAt })))
    .onConflictDoNothing();
}

/**
 * Claims the most overdue of `names` until `lockedUntil`, if one is due and no live claim holds it.
 * SKIP LOCKED lets instances claiming at the same moment pass over each other's row instead of
 * waiting for it and running it again.
 */
export async function claimDueTask(db: Db, names: string[], now: Date, lockedUntil: Date): Promise<string | undefined> {
  const due = db
    .select({ name: scheduledTasks.name })
    .from(scheduledTasks)
    .where(
      and(
        inArray(scheduledTasks.name, names),
        lte(scheduledTasks.nextRunAt, now),
        or(isNull(scheduledTasks.lockedUntil), lte(scheduledTasks.lockedUntil, now)),
      ),
    )
    .orderBy(asc(scheduledTasks.nextRunAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(scheduledTasks)
    .set({ lockedUntil })
    .where(inArray(scheduledTasks.name, due))
    .returning({ name: scheduledTasks.name });
  return row?.name;
}

/** Ends a run and sets the next one, unless the claim ran out and another instance holds the task now. */
export async function finishTask(db: Db, name: string, claim: Date, run: { finishedAt: Date; nextRunAt: Date }): Promise<void> {
  await db
    .update(scheduledTasks)
    .set({ lockedUntil: null, lastRunAt: run.finishedAt, nextRunAt: run.nextRunAt })
    .where(and(eq(scheduledTasks.name, name), eq(scheduledTasks.lockedUntil, claim)));
}
