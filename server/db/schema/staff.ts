import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { users } from './auth.ts';

/**
 * The owner's invitations to join the staff: a role for an e-mail address, and the SHA-256 of the
 * mailed link's secret (never the secret). Accepting makes the account; a newer invitation to the
 * same address replaces the older one.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: id(),
    email: text('email').notNull(),
    role: text('role', { enum: ['owner', 'lawyer', 'reception', 'translator', 'accounting'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('staff_invitations_email_idx').on(table.email)],
);
