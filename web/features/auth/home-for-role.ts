import { isStaffRole } from '#common/auth/staff-roles.ts';
import type { Role } from '#common/auth/auth.contract.ts';
import { returnPathFrom } from '#common/auth/site-path.ts';

function homeForRole(role: Role): '/admin' | '/panel' {
  return isStaffRole(role) ? '/admin' : '/panel';
}

/**
 * Where to go after sign-in: the `redirect` parameter wins and takes the other query parameters
 * along; only paths on this site are followed.
 */
export function afterSignInPath(search: URLSearchParams, role: Role): string {
  const redirect = returnPathFrom(search);
  if (!redirect) return homeForRole(role);
  const target = new URL(redirect, 'http://site.invalid');
  for (const [key, value] of search) {
    if (key !== 'redirect') target.searchParams.append(key, value);
  }
  return `${target.pathname}${target.search}${target.hash}`;
}
