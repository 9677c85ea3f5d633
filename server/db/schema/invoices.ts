import { sql, type AnyColumn } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { invoiceSeries, verifactuEventTypes } from '#common/billing/billing-vocabulary.ts';
import { createdAt, id } from './columns.ts';
import { payments, refunds } from './payments.ts';

/** An invoice's number as the back office's search compares it: without its dashes (F20260001; a trigram index). */
export const invoiceNumberIdentifier = (table: { number: AnyColumn }) => sql<string>`replace(${table.number}, '-', '')`;

/**
 * An issued invoice, never changed: `content` is everything printed on it, `hash` the SHA-256 of
 * that content chained to the previous invoice's hash (VeriFactu's chain), `position` its place in
 * the one chain of the firm. Numbers are gapless per series and year (F-2026-0001, R-2026-0001).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    series: text('series', { enum: invoiceSeries }).notNull(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    number: text('number').notNull().unique(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    /** The refund a rectifying invoice records, and the invoice it rectifies. */
    refundId: uuid('refund_id')
      .unique()
      .references(() => refunds.id, { onDelete: 'restrict' }),
    rectifiesId: uuid('rectifies_id').references((): AnyPgColumn => invoices.id, { onDelete: 'restrict' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    content: jsonb('content').notNull(),
    position: integer('position').notNull().unique(),
    previousHash: text('previous_hash'),
    hash: text('hash').notNull().unique(),
    createdAt: createdAt(),
  },
  (table) => [
    unique('invoices_series_year_sequence_unique').on(table.series, table.year, table.sequence),
    // A payment has one ordinary invoice; its refunds add rectifying ones.
    uniqueIndex('invoices_one_ordinary_per_payment').on(table.paymentId).where(sql`${table.series} = 'F'`),
    index('invoices_number_search_idx').using('gin', sql`${invoiceNumberIdentifier(table)} gin_trgm_ops`),
  ],
);

/**
 * VeriFactu's billing records, made in the transaction that issues an invoice and never changed:
 * `fields` are the official fields the fingerprint covers, `fingerprint` their huella chained to
 * the previous record's, `position` its place in the records' one chain. Each invoice has its
 * record of issue (alta) and, if the firm cancels it as issued in error, a cancellation record
 * (anulación) later in the chain. Invoices issued before these records existed have none.
 */
export const billingRecords = pgTable(
  'billing_records',
  {
    id: id(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: ['alta', 'anulacion'] }).notNull().default('alta'),
    fields: jsonb('fields').notNull(),
    position: integer('position').notNull().unique(),
    previousFingerprint: text('previous_fingerprint'),
    fingerprint: text('fingerprint').notNull().unique(),
    createdAt: createdAt(),
  },
  (table) => [unique('billing_records_invoice_kind_unique').on(table.invoiceId, table.kind)],
);

/** Where a billing record stands with the tax agency (decisions/054). */
export const billingRecordSendingStates = ['pending', 'accepted', 'acceptedWithErrors', 'rejected'] as const;

/**
 * The sending of a billing record to the tax agency, for a firm whose system sends them
 * (VERI*FACTU): made `pending` in the record's transaction, claimed by the worker's send
 * (`claimedUntil`), then what the agency answered for it: its state, the send's CSV, the error.
 * A record made while the firm only keeps them has none.
 */
export const billingRecordSendings = pgTable(
  'billing_record_sendings',
  {
    recordId: uuid('record_id')
      .primaryKey()
      .references(() => billingRecords.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
    state: text('state', { enum: billingRecordSendingStates }).notNull().default('pending'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    csv: text('csv'),
    errorCode: text('error_code'),
    errorDescription: text('error_description'),
  },
  (table) => [index('billing_record_sendings_pending_idx').on(table.position).where(sql`${table.state} = 'pending'`)],
);

/**
 * Each send to the agency, kept: when, how many records, what it answered (EstadoEnvio, or the
 * failure), its CSV, and the waiting time it asked for (TiempoEsperaEnvio) before the next send.
 */
export const billingRecordSends = pgTable('billing_record_sends', {
  id: id(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  recordCount: integer('record_count').notNull(),
  outcome: text('outcome', { enum: ['Correcto', 'ParcialmenteCorrecto', 'Incorrecto', 'failed'] }).notNull(),
  csv: text('csv'),
  failure: text('failure'),
  /** Not before this may the next send go, unless the records waiting reach the agency's batch limit. */
  nextSendAt: timestamp('next_send_at', { withTimezone: true }).notNull(),
});

/**
 * VeriFactu's event log (registro de eventos) of a firm that keeps its billing records rather than
 * sending them, never changed: `fields` are what the fingerprint covers (the system, the issuer, the
 * type, the time), `data` the event's own (the anomaly, the period exported, the summary's counts),
 * `fingerprint` chained to the previous event's, `position` its place in the events' one chain.
 */
export const verifactuEvents = pgTable('verifactu_events', {
  id: id(),
  position: integer('position').notNull().unique(),
  type: text('type', { enum: verifactuEventTypes }).notNull(),
  fields: jsonb('fields').notNull(),
  data: jsonb('data').notNull(),
  previousFingerprint: text('previous_fingerprint'),
  fingerprint: text('fingerprint').notNull().unique(),
  createdAt: createdAt(),
});
