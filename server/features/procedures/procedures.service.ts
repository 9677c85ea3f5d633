import { randomUUID } from 'node:crypto';
import type { AdminListQuery, Page } from '#common/admin/paging.contract.ts';
import type { Language } from '#common/i18n/languages.ts';
import type { Procedure, ProcedureChoice, ProcedureInput, ProcedureService, ServiceDocuments } from '#common/procedures/procedures.contract.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/platform/app-error.ts';
import { adminPage } from '#server/platform/admin-page.ts';
import { recordAudit } from '#server/platform/audit/audit.service.ts';
import { caseServices } from '#server/features/services/services.service.ts';
import type { Actor } from '#server/platform/actor.ts';
import {
  clearOtherDefaults,
  deleteProcedure,
  findDefaultProcedure,
  findProcedure,
  insertProcedure,
  listAllProcedures,
  listItems,
  listProcedures,
  nextSortOrder,
  replaceItems,
  updateProcedure,
  type ProcedureItemRow,
  type ProcedureRow,
} from './procedures.repository.ts';

export type ProceduresDeps = { db: Db };

/** A checklist item as a case copies it into its requests. */
export type ChecklistItem = Omit<ProcedureItemRow, 'id' | 'procedureId' | 'position' | 'createdAt'>;

function toProcedure(row: ProcedureRow, items: ProcedureItemRow[]): Procedure {
  return {
    id: row.id,
    title: row.title,
    serviceId: row.serviceId,
    isDefault: row.isDefault,
    items: items
      .filter((item) => item.procedureId === row.id)
      .map((item) => ({
        id: item.id,
        title: item.title,
        explanation: item.explanation,
        isApostilleRequired: item.isApostilleRequired,
        isSwornTranslationRequired: item.isSwornTranslationRequired,
        validityMonths: item.validityMonths,
        isPerFamilyMember: item.isPerFamilyMember,
      })),
  };
}

function toChecklist(items: ProcedureItemRow[]): ChecklistItem[] {
  return items.map(({ title, explanation, isApostilleRequired, isSwornTranslationRequired, validityMonths, isPerFamilyMember }) => ({
    title,
    explanation,
    isApostilleRequired,
    isSwornTranslationRequired,
    validityMonths,
    isPerFamilyMember,
  }));
}

/** The Trámites tab: procedures with their whole checklists, in the firm's order. */
export async function proceduresPage({ db }: ProceduresDeps, query: AdminListQuery): Promise<Page<Procedure>> {
  const { rows, total } = await listProcedures(db, query);
  const items = await listItems(db, rows.map((row) => row.id));
  return adminPage(query, rows.map((row) => toProcedure(row, items)), total);
}

/** The services a procedure may belong to: every one that opens cases, withdrawn or priced by quote too. */
export function procedureServices({ db }: ProceduresDeps, language: Language): Promise<ProcedureService[]> {
  return caseServices({ db }, language);
}

/** Every procedure by name in the admin's language, to apply one to a case. */
export async function procedureChoices({ db }: ProceduresDeps, language: Language): Promise<ProcedureChoice[]> {
  const rows = await listAllProcedures(db);
  return rows.map((row) => ({ id: row.id, title: row.title[language], serviceId: row.serviceId }));
}

/**
 * The procedures a public section page explains: every one of its service (so one the firm adds to
 * that service appears there) and those it names, with their checklists, in the firm's order.
 */
export async function sectionProcedures({ db }: ProceduresDeps, { serviceId, ids }: { serviceId: string | null; ids: readonly string[] }): Promise<Procedure[]> {
  const rows = (await listAllProcedures(db)).filter((row) => (serviceId !== null && row.serviceId === serviceId) || ids.includes(row.id));
  const items = await listItems(db, rows.map((row) => row.id));
  return rows.map((row) => toProcedure(row, items));
}

/** The checklist of one procedure; unknown procedures are answered 404. */
export async function procedureChecklist({ db }: ProceduresDeps, procedureId: string): Promise<ChecklistItem[]> {
  const row = await findProcedure(db, procedureId);
  if (!row) throw new AppError('notFound');
  return toChecklist(await listItems(db, [row.id]));
}

/** The documents a new case of the service will ask for, in `language`, for the start page: none without a default procedure. */
export async function serviceDocuments(deps: ProceduresDeps, serviceId: string, language: Language): Promise<ServiceDocuments> {
  const checklist = await defaultChecklist(deps, serviceId);
  return (checklist?.items ?? []).map((item) => ({ title: item.title[language], isPerFamilyMember: item.isPerFamilyMember }));
}

/** The checklist a new case of the service opens with, or none when the service has no default procedure. */
export async function defaultChecklist({ db }: ProceduresDeps, serviceId: string): Promise<{ procedureId: string; items: ChecklistItem[] } | null> {
  const row = await findDefaultProcedure(db, serviceId);
  if (!row) return null;
  return { procedureId: row.id, items: toChecklist(await listItems(db, [row.id])) };
}

/** A procedure belongs to a case service of the catalogue or to none; only one with a service can be its default. */
async function checkedValues({ db }: ProceduresDeps, input: ProcedureInput): Promise<ProcedureInput> {
  if (input.serviceId === null) return { ...input, isDefault: false };
  const services = await procedureServices({ db }, 'es');
  if (!services.some((service) => service.id === input.serviceId)) throw new AppError('validation', 'procedures:errors.unknownService');
  return input;
}

/** A new default takes its service's place: the old one stops being it first, as the database allows one. */
async function makeRoomForDefault(db: Db, id: string, input: ProcedureInput): Promise<void> {
  if (input.isDefault && input.serviceId) await clearOtherDefaults(db, input.serviceId, id);
}

async function saved(db: Db, row: ProcedureRow, input: ProcedureInput): Promise<Procedure> {
  await replaceItems(db, row.id, input.items);
  return toProcedure(row, await listItems(db, [row.id]));
}

export async function createProcedure(deps: ProceduresDeps, admin: Actor, input: ProcedureInput): Promise<Procedure> {
  const values = await checkedValues(deps, input);
  const id = randomUUID();
  return deps.db.transaction(async (tx) => {
    await makeRoomForDefault(tx, id, values);
    const row = await insertProcedure(tx, { id, title: values.title, serviceId: values.serviceId, isDefault: values.isDefault, sortOrder: await nextSortOrder(tx) });
    const procedure = await saved(tx, row, values);
    await recordAudit({ db: tx }, { actor: admin, action: 'PROCEDURE_CREATE', targetTable: 'procedures', targetId: row.id, details: { title: row.title.es, items: values.items.length } });
    return procedure;
  });
}

/** Saves a procedure's name, service and whole checklist; cases already open keep the requests they copied. */
export async function editProcedure(deps: ProceduresDeps, admin: Actor, id: string, input: ProcedureInput): Promise<Procedure> {
  const values = await checkedValues(deps, input);
  return deps.db.transaction(async (tx) => {
    await makeRoomForDefault(tx, id, values);
    const row = await updateProcedure(tx, id, { title: values.title, serviceId: values.serviceId, isDefault: values.isDefault });
    if (!row) throw new AppError('notFound');
    const procedure = await saved(tx, row, values);
    await recordAudit({ db: tx }, { actor: admin, action: 'PROCEDURE_UPDATE', targetTable: 'procedures', targetId: id, details: { title: row.title.es, items: values.items.length } });
    return procedure;
  });
}

export async function removeProcedure({ db }: ProceduresDeps, admin: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await deleteProcedure(tx, id);
    if (!row) throw new AppError('notFound');
    await recordAudit({ db: tx }, { actor: admin, action: 'PROCEDURE_DELETE', targetTable: 'procedures', targetId: id, details: { title: row.title.es } });
  });
}
