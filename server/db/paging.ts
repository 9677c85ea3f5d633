import { ilike, or, type Column, type SQL } from 'drizzle-orm';
import { adminPageSize, type AdminListQuery } from '#common/admin/paging.contract.ts';

/** The LIMIT and OFFSET of one admin page. */
export function pageWindow(query: Pick<AdminListQuery, 'page'>) {
  return { limit: adminPageSize, offset: (query.page - 1) * adminPageSize };
}

/** `%term%` for ILIKE, with the user's own % and _ taken literally. */
export function containing(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The admin lists' search: rows where any of `columns` contains the term, ignoring case; every row without a term. */
export function matchingAny(term: string | undefined, columns: Array<Column | SQL>): SQL | undefined {
  return term ? or(...columns.map((column) => ilike(column, containing(term)))) : undefined;
}
