import { adminPageSize, type AdminListQuery } from '#common/admin/paging.contract.ts';

/** The LIMIT and OFFSET of one admin page. */
export function pageWindow(query: Pick<AdminListQuery, 'page'>) {
  return { limit: adminPageSize, offset: (query.page - 1) * adminPageSize };
}

/** `%term%` for ILIKE, with the user's own % and _ taken literally. */
export function containing(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
