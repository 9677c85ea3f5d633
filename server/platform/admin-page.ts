import { adminPageSize, type AdminListQuery, type Page } from '#common/admin/paging.contract.ts';

/** One page of an admin list as every back-office table reads it: its items, the total and where it stands. */
export function adminPage<Item>(query: Pick<AdminListQuery, 'page'>, items: Item[], total: number): Page<Item> {
  return { items, total, page: query.page, pageSize: adminPageSize };
}
