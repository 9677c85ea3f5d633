// The consultations feature's table in a file of its own: it references payments, whose table
// references consultations, and the schema files import each other in one direction only.
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { payments } from './payments.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A scheduled consultation's slot, held for the checkout that buys it until the payment settles or
 * expires_at passes: no other client can book an overlapping slot meanwhile. Settling deletes it; a
 * newer checkout of the same account or from the same address ends it (decisions/016).
 */
export const consultationSlotHolds = pgTable(
  'consultation_slot_holds',
  {
    id: id(),
    paymentId: uuid('payment_id')
      .notNull()
      .unique()
      .references(() => payments.id, { onDelete: 'cascade' }),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    meetingMode: text('meeting_mode', { enum: ['video', 'phone', 'office'] }).notNull(),
    expiresAt: instant('expires_at').notNull(),
    /** The address the checkout came from (request.ip): one live hold per address. Null on holds written before migration 0018. */
    clientAddress: text('client_address'),
    createdAt: createdAt(),
  },
  (table) => [index('consultation_slot_holds_starts_idx').on(table.startsAt)],
);
