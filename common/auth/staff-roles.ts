/**
 * The firm's staff roles (ADR 040). Apart from the permission table (permissions.ts), which only
 * the server and the back office read: the public pages' shell tells staff from clients with this
 * alone, without carrying the table.
 */
export const staffRoles = ['owner', 'lawyer', 'reception', 'translator', 'accounting'] as const;
export type StaffRole = (typeof staffRoles)[number];

export function isStaffRole(role: string): role is StaffRole {
  return (staffRoles as readonly string[]).includes(role);
}
