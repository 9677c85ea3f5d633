import { createHash } from 'node:crypto';
import { invoiceContentSchema, type InvoiceContent } from '#common/invoices/invoices.contract.ts';
import { billingRecordFields, billingRecordFieldsSchema, billingRecordFingerprint, cancellationFieldsSchema, cancellationFingerprint } from './billing-record.ts';

/**
 * JSON with the keys of every object sorted: the same content always gives the same text, whatever
 * order the database hands the keys of a jsonb column back in.
 */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * An invoice's fingerprint (VeriFactu's 'huella'): the SHA-256 of its whole content, which holds its
 * number and issue time, together with the previous invoice's fingerprint, so that changing,
 * removing or inserting any invoice breaks every fingerprint after it.
 */
export function invoiceHash(content: unknown, previousHash: string | null): string {
  return createHash('sha256').update(canonicalJson({ content, previousHash })).digest('hex');
}

export const invoiceNumber = (series: string, year: number, sequence: number) => `${series}-${year}-${String(sequence).padStart(4, '0')}`;

export type ChainRow = {
  position: number;
  series: string;
  year: number;
  sequence: number;
  number: string;
  issuedAt: Date;
  content: unknown;
  previousHash: string | null;
  hash: string;
};

/**
 * What is wrong with the chain, in words an operator can act on; empty when it holds. The rows come
 * in chain order. Each must carry the fingerprint of its content and of the row before it, and the
 * numbers of each series and year must run 1, 2, 3… with no gap and in the order they were issued.
 */
export function chainProblems(rows: ChainRow[]): string[] {
  const problems: string[] = [];
  const lastSequence = new Map<string, number>();
  let previous: ChainRow | undefined;
  for (const row of rows) {
    const expectedPosition = (previous?.position ?? 0) + 1;
    if (row.position !== expectedPosition) problems.push(`${row.number}: it is at position ${row.position} of the chain, expected ${expectedPosition}.`);
    if (row.previousHash !== (previous?.hash ?? null)) problems.push(`${row.number}: it does not point to the fingerprint of ${previous?.number ?? 'nothing (the first invoice)'}.`);
    if (invoiceHash(row.content, row.previousHash) !== row.hash) problems.push(`${row.number}: its content no longer matches its fingerprint.`);
    const content = invoiceContentSchema.safeParse(row.content);
    if (!content.success) problems.push(`${row.number}: its content is not an invoice.`);
    else if (content.data.number !== row.number || Date.parse(content.data.issuedAt) !== row.issuedAt.getTime())
      problems.push(`${row.number}: its number or issue time differs from what it says it is.`);
    if (row.number !== invoiceNumber(row.series, row.year, row.sequence)) problems.push(`${row.number}: its number does not match its series, year and sequence.`);
    const key = `${row.series}-${row.year}`;
    const expectedSequence = (lastSequence.get(key) ?? 0) + 1;
    if (row.sequence !== expectedSequence) problems.push(`${row.number}: expected ${invoiceNumber(row.series, row.year, expectedSequence)} here (a gap or a repeat in the numbering).`);
    lastSequence.set(key, row.sequence);
    previous = row;
  }
  return problems;
}

export type RecordChainRow = {
  position: number;
  kind: 'alta' | 'anulacion';
  fields: unknown;
  previousFingerprint: string | null;
  fingerprint: string;
  invoiceNumber: string;
  content: unknown;
};

/** A cancellation record must have the fingerprint of its own fields and name the invoice it is stored with. */
function cancellationProblems(name: string, row: RecordChainRow, content: InvoiceContent | undefined): string[] {
  const fields = cancellationFieldsSchema.safeParse(row.fields);
  if (!fields.success) return [`${name}: its fields are not a cancellation record's.`];
  const problems: string[] = [];
  if (cancellationFingerprint(fields.data, row.previousFingerprint) !== row.fingerprint) problems.push(`${name}: its fields no longer match its fingerprint.`);
  const named = content ? billingRecordFields(content, new Date(fields.data.FechaHoraHusoGenRegistro)) : undefined;
  if (
    named &&
    (fields.data.IDEmisorFacturaAnulada !== named.IDEmisorFactura ||
      fields.data.NumSerieFacturaAnulada !== named.NumSerieFactura ||
      fields.data.FechaExpedicionFacturaAnulada !== named.FechaExpedicionFactura)
  )
    problems.push(`${name}: it names another invoice.`);
  return problems;
}

/**
 * What is wrong with VeriFactu's chain of billing records, in chain order; empty when it holds. Each
 * record must follow the one before it, carry its fingerprint, have the fingerprint of its own fields
 * and say what its invoice says (a cancellation, name it).
 */
export function recordChainProblems(rows: RecordChainRow[]): string[] {
  const problems: string[] = [];
  let previous: RecordChainRow | undefined;
  for (const row of rows) {
    const name = `The ${row.kind === 'anulacion' ? 'cancellation' : 'billing'} record of ${row.invoiceNumber}`;
    const expectedPosition = (previous?.position ?? 0) + 1;
    if (row.position !== expectedPosition) problems.push(`${name}: it is at position ${row.position} of the records' chain, expected ${expectedPosition}.`);
    if (row.previousFingerprint !== (previous?.fingerprint ?? null))
      problems.push(`${name}: it does not point to the fingerprint of ${previous ? `the record of ${previous.invoiceNumber}` : 'nothing (the first record)'}.`);
    const content = invoiceContentSchema.safeParse(row.content);
    if (row.kind === 'anulacion') {
      problems.push(...cancellationProblems(name, row, content.success ? content.data : undefined));
      previous = row;
      continue;
    }
    const fields = billingRecordFieldsSchema.safeParse(row.fields);
    if (!fields.success) problems.push(`${name}: its fields are not a billing record's.`);
    else {
      if (billingRecordFingerprint(fields.data, row.previousFingerprint) !== row.fingerprint) problems.push(`${name}: its fields no longer match its fingerprint.`);
      const stated = fields.data;
      const expected = content.success ? billingRecordFields(content.data, new Date(stated.FechaHoraHusoGenRegistro)) : stated;
      if (Object.entries(expected).some(([key, value]) => stated[key as keyof typeof stated] !== value))
        problems.push(`${name}: it says something other than the invoice.`);
    }
    previous = row;
  }
  return problems;
}
