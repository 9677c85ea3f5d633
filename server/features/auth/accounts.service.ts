import type { AdminListQuery } from '#common/admin/paging.contract.ts';
import type { Profile, Role } from '#common/auth/auth.contract.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { accountsToJoin, findAccountForRoleChange, findProfile, listAccounts, searchClientAccounts, setRole, updateProfile } from './accounts.repository.ts';

/*
 * What other features read and write of the accounts (the users table auth owns): the profile, the
 * back office's client list and roles, and the subquery their repositories join to show or search
 * a client's name in one query.
 */

/** For other features' repositories: the accounts, to join (accounts.repository.ts says how). */
export { accountsToJoin };

/** The account's own details, as the profile shows them. */
export function accountProfile({ db }: { db: Db }, userId: string) {
  return findProfile(db, userId);
}

/** Saves the account's details but its e-mail (which changes through its confirmation link); answers them as saved. */
export function saveAccountProfile({ db }: { db: Db }, userId: string, profile: Omit<Profile, 'email' | 'currentPassword'>) {
  return updateProfile(db, userId, profile);
}

/** One page of the accounts (rows and how many match), newest first, for the back office. */
export function accountsPage({ db }: { db: Db }, query: AdminListQuery) {
  return listAccounts(db, query);
}

/** The account's role, whether it is confirmed, its name and e-mail, locked until the transaction ends. */
export function lockAccountForRoleChange({ db }: { db: Tx }, userId: string) {
  return findAccountForRoleChange(db, userId);
}

export function changeAccountRole({ db }: { db: Tx }, userId: string, role: Role): Promise<void> {
  return setRole(db, userId, role);
}

/** The back office's search: the clients whose name, e-mail, phone, NIE or passport matches, newest first. */
export function searchClients({ db }: { db: Db }, term: string, compact: string, limit: number) {
  return searchClientAccounts(db, term, compact, limit);
}
