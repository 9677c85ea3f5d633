import { createHash } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { z } from 'zod';
import { firmTimeZone } from '#common/long-date.ts';
import type { InvoiceContent } from '#common/invoices/invoices.contract.ts';

/**
 * VeriFactu's billing record of an issued invoice (registro de facturación de alta, Real Decreto
 * 1007/2023 and Orden HAC/1177/2024): the official fields the fingerprint covers, named and
 * written exactly as the tax agency's XML carries them, so that the record, its XML and its QR
 * code can never disagree. The rest of what the XML says (names, the buyer, the tax breakdown)
 * comes from the invoice's frozen content.
 */
export const billingRecordFieldsSchema = z.object({
  IDEmisorFactura: z.string(),
  NumSerieFactura: z.string(),
  /** The issue day on the firm's clock, dd-mm-yyyy. */
  FechaExpedicionFactura: z.string(),
  /** F1 complete invoice, F2 simplified (no buyer's tax id), R1 and R5 their rectifications. */
  TipoFactura: z.enum(['F1', 'F2', 'R1', 'R5']),
  CuotaTotal: z.string(),
  ImporteTotal: z.string(),
  /** When the record was made, with the firm's UTC offset and no fraction of a second. */
  FechaHoraHusoGenRegistro: z.string(),
});
export type BillingRecordFields = z.infer<typeof billingRecordFieldsSchema>;

/** Amounts as the agency writes them: a point and two decimals, a minus sign for a rectification. */
export function agencyAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

export const onFirmClock = (instant: Date, pattern: string) => format(new TZDate(instant, firmTimeZone), pattern);

/**
 * The fields of an invoice's record. An invoice that names its buyer's tax id is complete (F1);
 * one without is simplified (F2); a rectifying invoice corrects by differences (its amounts are
 * negative) and is R1, or R5 when it rectifies a simplified one.
 */
export function billingRecordFields(content: InvoiceContent, generatedAt: Date): BillingRecordFields {
  const isComplete = Boolean(content.buyer.taxId);
  const type = content.series === 'R' ? (isComplete ? 'R1' : 'R5') : isComplete ? 'F1' : 'F2';
  return {
    IDEmisorFactura: content.seller.taxId.trim(),
    NumSerieFactura: content.number,
    FechaExpedicionFactura: onFirmClock(new Date(content.issuedAt), 'dd-MM-yyyy'),
    TipoFactura: type,
    CuotaTotal: agencyAmount(content.vatCents),
    ImporteTotal: agencyAmount(content.totalCents),
    FechaHoraHusoGenRegistro: onFirmClock(generatedAt, "yyyy-MM-dd'T'HH:mm:ssXXX"),
  };
}

/**
 * The record's fingerprint (huella) as the agency's specification computes it: the SHA-256, in
 * upper-case hexadecimal, of `name=value` pairs joined by '&' in the specification's order, each
 * value trimmed, with the previous record's fingerprint in `Huella` (empty for the first record).
 */
export function billingRecordFingerprint(fields: BillingRecordFields, previousFingerprint: string | null): string {
  return fingerprintOf([
    ['IDEmisorFactura', fields.IDEmisorFactura],
    ['NumSerieFactura', fields.NumSerieFactura],
    ['FechaExpedicionFactura', fields.FechaExpedicionFactura],
    ['TipoFactura', fields.TipoFactura],
    ['CuotaTotal', fields.CuotaTotal],
    ['ImporteTotal', fields.ImporteTotal],
    ['Huella', previousFingerprint ?? ''],
    ['FechaHoraHusoGenRegistro', fields.FechaHoraHusoGenRegistro],
  ]);
}

export function fingerprintOf(pairs: [string, string][]): string {
  const text = pairs.map(([name, value]) => `${name}=${value.trim()}`).join('&');
  return createHash('sha256').update(text, 'utf8').digest('hex').toUpperCase();
}

/**
 * VeriFactu's cancellation record (registro de facturación de anulación) of an invoice whose record
 * of issue was made in error: which invoice, named as its record names it, and when.
 */
export const cancellationFieldsSchema = z.object({
  IDEmisorFacturaAnulada: z.string(),
  NumSerieFacturaAnulada: z.string(),
  FechaExpedicionFacturaAnulada: z.string(),
  FechaHoraHusoGenRegistro: z.string(),
});
export type CancellationFields = z.infer<typeof cancellationFieldsSchema>;

/** The cancellation of the invoice an issue record names, made at `generatedAt`. */
export function cancellationFields(issue: BillingRecordFields, generatedAt: Date): CancellationFields {
  return {
    IDEmisorFacturaAnulada: issue.IDEmisorFactura,
    NumSerieFacturaAnulada: issue.NumSerieFactura,
    FechaExpedicionFacturaAnulada: issue.FechaExpedicionFactura,
    FechaHoraHusoGenRegistro: onFirmClock(generatedAt, "yyyy-MM-dd'T'HH:mm:ssXXX"),
  };
}

/** A cancellation record's fingerprint, in the agency's form for cancellations: the same rule over its own fields. */
export function cancellationFingerprint(fields: CancellationFields, previousFingerprint: string | null): string {
  return fingerprintOf([
    ['IDEmisorFacturaAnulada', fields.IDEmisorFacturaAnulada],
    ['NumSerieFacturaAnulada', fields.NumSerieFacturaAnulada],
    ['FechaExpedicionFacturaAnulada', fields.FechaExpedicionFacturaAnulada],
    ['Huella', previousFingerprint ?? ''],
    ['FechaHoraHusoGenRegistro', fields.FechaHoraHusoGenRegistro],
  ]);
}

/** Which invoice a record of either kind names (IDFactura), as the next record's RegistroAnterior repeats it. */
export function recordInvoiceId(fields: BillingRecordFields | CancellationFields): { IDEmisorFactura: string; NumSerieFactura: string; FechaExpedicionFactura: string } {
  if ('IDEmisorFacturaAnulada' in fields)
    return { IDEmisorFactura: fields.IDEmisorFacturaAnulada, NumSerieFactura: fields.NumSerieFacturaAnulada, FechaExpedicionFactura: fields.FechaExpedicionFacturaAnulada };
  return { IDEmisorFactura: fields.IDEmisorFactura, NumSerieFactura: fields.NumSerieFactura, FechaExpedicionFactura: fields.FechaExpedicionFactura };
}

/** The fields of a stored record of either kind. */
export function storedRecordFields(kind: 'alta' | 'anulacion', fields: unknown): BillingRecordFields | CancellationFields {
  return kind === 'anulacion' ? cancellationFieldsSchema.parse(fields) : billingRecordFieldsSchema.parse(fields);
}

/** Where a firm that sends its records sends them: the agency's test environment or its production one. */
export type AgencyEnvironment = { isProduction: boolean };

/**
 * The tax agency's page that checks an invoice, which the invoice's QR code opens: for a record the
 * system keeps rather than sends (`ValidarQRNoVerifactu`), or for one it sends as it is made
 * (VERI*FACTU, `ValidarQR`), in the environment it is sent to.
 */
function verificationPage(sentTo: AgencyEnvironment | null): string {
  if (!sentTo) return 'https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQRNoVerifactu';
  return sentTo.isProduction ? 'https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR' : 'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR';
}

/** The address the invoice's QR code carries (Orden HAC/1177/2024, art. 21): issuer, number, date and total. */
export function verificationUrl(fields: BillingRecordFields, sentTo: AgencyEnvironment | null): string {
  const query = new URLSearchParams({
    nif: fields.IDEmisorFactura,
    numserie: fields.NumSerieFactura,
    fecha: fields.FechaExpedicionFactura,
    importe: fields.ImporteTotal,
  });
  return `${verificationPage(sentTo)}?${query.toString()}`;
}
