import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AdminListQuery } from '#common/admin/paging.contract.ts';
import type { ProcedureInput } from '#common/procedures/procedures.contract.ts';
import type { Db } from '#server/db/client.ts';
import { matchingAny, pageWindow } from '#server/db/paging.ts';
import { insertedRow } from '#server/db/returning.ts';
import { procedureItems, procedures } from '#server/db/schema/procedures.ts';

export type ProcedureRow = typeof procedures.$inferSelect;
export type ProcedureItemRow = typeof procedureItems.$inferSelect;

const titleSearch = (term: string | undefined) =>
  matchingAny(term, [sql`${procedures.title}->>'es'`, sql`${procedures.title}->>'en'`, sql`${procedures.title}->>'fr'`]);

/** One page of procedures in the order the firm set, searched in every language of their titles. */
export async function listProcedures(db: Db, query: AdminListQuery) {
  const where = titleSearch(query.q);
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    db.select().from(procedures).where(where).orderBy(asc(procedures.sortOrder), asc(procedures.createdAt)).limit(limit).offset(offset),
    db.select({ value: count() }).from(procedures).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** Every procedure, for the list an admin applies one from. */
export function listAllProcedures(db: Db): Promise<ProcedureRow[]> {
  return db.select().from(procedures).orderBy(asc(procedures.sortOrder), asc(procedures.createdAt));
}

export async function findProcedure(db: Db, id: string): Promise<ProcedureRow | undefined> {
  const [row] = await db.select().from(procedures).where(eq(procedures.id, id));
  return row;
}

export async function findDefaultProcedure(db: Db, serviceId: string): Promise<ProcedureRow | undefined> {
  const [row] = await db
    .select()
    .from(procedures)
    .where(and(eq(procedures.serviceId, serviceId), eq(procedures.isDefault, true)));
  return row;
}

export function listItems(db: Db, procedureIds: string[]): Promise<ProcedureItemRow[]> {
  if (procedureIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(procedureItems)
    .where(inArray(procedureItems.procedureId, procedureIds))
    .orderBy(asc(procedureItems.procedureId), asc(procedureItems.position));
}

/** A new procedure goes after the others. */
export async function nextSortOrder(db: Db): Promise<number> {
  const [row] = await db.select({ value: sql<number>`coalesce(max(${procedures.sortOrder}), 0)::int` }).from(procedures);
  return (row?.value ?? 0) + 10;
}

/** Makes `id` its service's only default, in the caller's transaction. */
export async function clearOtherDefaults(db: Db, serviceId: string, id: string): Promise<void> {
  await db
    .update(procedures)
    .set({ isDefault: false })
    .where(and(eq(procedures.serviceId, serviceId), eq(procedures.isDefault, true), ne(procedures.id, id)));
}

type ProcedureValues = Pick<ProcedureInput, 'title' | 'serviceId' | 'isDefault'>;

export async function insertProcedure(db: Db, values: ProcedureValues & { id: string; sortOrder: number }): Promise<ProcedureRow> {
  return insertedRow(await db.insert(procedures).values(values).returning());
}

export async function updateProcedure(db: Db, id: string, values: ProcedureValues): Promise<ProcedureRow | undefined> {
  const [row] = await db.update(procedures).set(values).where(eq(procedures.id, id)).returning();
  return row;
}

/** The checklist as given, in its order: the old items go, so removed and reordered ones are simply written anew. */
export async function replaceItems(db: Db, procedureId: string, items: ProcedureInput['items']): Promise<void> {
  await db.delete(procedureItems).where(eq(procedureItems.procedureId, procedureId));
  if (items.length === 0) return;
  await db.insert(procedureItems).values(items.map((item, index) => ({ ...item, procedureId, position: index + 1 })));
}

export async function deleteProcedure(db: Db, id: string): Promise<ProcedureRow | undefined> {
  const [row] = await db.delete(procedures).where(eq(procedures.id, id)).returning();
  return row;
}
