import { describe, expect, it } from 'vitest';
import type { InvoiceContent } from '#common/invoices/invoices.contract.ts';
import { agencyAmount, billingRecordFields, billingRecordFingerprint, cancellationFields, cancellationFingerprint, verificationUrl, type BillingRecordFields } from './billing-record.ts';

/**
 * The worked examples of the tax agency's "Detalle de las especificaciones técnicas para la
 * generación de la huella o hash de los registros de facturación": the first record of a system
 * and the one chained to it.
 */
const firstExample: BillingRecordFields = {
  IDEmisorFactura: '89890001K',
  NumSerieFactura: '12345678/G33',
  FechaExpedicionFactura: '01-01-2024',
  TipoFactura: 'F1',
  CuotaTotal: '12.35',
  ImporteTotal: '123.45',
  FechaHoraHusoGenRegistro: '2024-01-01T19:20:30+01:00',
};
const secondExample: BillingRecordFields = {
  ...firstExample,
  NumSerieFactura: '12345679/G34',
  FechaHoraHusoGenRegistro: '2024-01-01T19:20:35+01:00',
};

const content = (overrides: Partial<InvoiceContent> = {}): InvoiceContent => ({
  number: 'F-2026-0007',
  series: 'F',
  issuedAt: '2026-07-31T22:30:05.123Z',
  language: 'fr',
  seller: { legalName: 'Asesoría Elche S.L.', taxId: ' B12345678 ', address: 'Calle Mayor 1, Elche' },
  buyer: { name: 'Amina Benali', taxIdKind: 'nie', taxId: 'Y1234567X', address: null, email: 'amina@example.com' },
  lines: [{ description: 'Arraigo', amountCents: 30_000 }],
  baseCents: 24_793,
  vatRatePercent: 21,
  vatCents: 5_207,
  totalCents: 30_000,
  currency: 'EUR',
  paymentMethod: 'card_online',
  rectifies: null,
  ...overrides,
});

describe('VeriFactu billing records', () => {
  it("fingerprints the agency's first worked example", () => {
    expect(billingRecordFingerprint(firstExample, null)).toBe('3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60');
  });

  it("fingerprints the agency's second example, chained to the first", () => {
    expect(billingRecordFingerprint(secondExample, '3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60')).toBe(
      'F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97',
    );
  });

  it("fingerprints the agency's cancellation example, the second invoice cancelled after its record", () => {
    const fields = cancellationFields(secondExample, new Date('2024-01-01T18:20:40Z'));
    expect(fields).toEqual({
      IDEmisorFacturaAnulada: '89890001K',
      NumSerieFacturaAnulada: '12345679/G34',
      FechaExpedicionFacturaAnulada: '01-01-2024',
      FechaHoraHusoGenRegistro: '2024-01-01T19:20:40+01:00',
    });
    expect(cancellationFingerprint(fields, 'F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97')).toBe('177547C0D57AC74748561D054A9CEC14B4C4EA23D1BEFD6F2E69E3A388F90C68');
  });

  it('changes the fingerprint when any field or the previous fingerprint changes', () => {
    const original = billingRecordFingerprint(firstExample, null);
    expect(billingRecordFingerprint({ ...firstExample, ImporteTotal: '123.46' }, null)).not.toBe(original);
    expect(billingRecordFingerprint(firstExample, 'A'.repeat(64))).not.toBe(original);
  });

  it('writes an invoice in the official form: the day and time on the firm’s clock, amounts with a point and two decimals', () => {
    // 22:30 UTC on 31 July is 00:30 on 1 August in Elche (summer time, UTC+2).
    expect(billingRecordFields(content(), new Date('2026-07-31T22:30:05.123Z'))).toEqual({
      IDEmisorFactura: 'B12345678',
      NumSerieFactura: 'F-2026-0007',
      FechaExpedicionFactura: '01-08-2026',
      TipoFactura: 'F1',
      CuotaTotal: '52.07',
      ImporteTotal: '300.00',
      FechaHoraHusoGenRegistro: '2026-08-01T00:30:05+02:00',
    });
    expect(billingRecordFields(content(), new Date('2026-12-01T09:00:00Z')).FechaHoraHusoGenRegistro).toBe('2026-12-01T10:00:00+01:00');
  });

  it('types a simplified invoice and the rectifications of each kind', () => {
    const noTaxId = { name: 'Amina Benali', taxIdKind: null, taxId: null, address: null, email: 'amina@example.com' };
    const rectifies = { number: 'F-2026-0007', issuedAt: '2026-07-31T22:30:05.123Z', reason: 'Desistimiento' };
    const at = new Date('2026-08-02T10:00:00Z');
    expect(billingRecordFields(content({ buyer: noTaxId }), at).TipoFactura).toBe('F2');
    expect(billingRecordFields(content({ series: 'R', rectifies, vatCents: -5_207, totalCents: -30_000 }), at)).toMatchObject({
      TipoFactura: 'R1',
      CuotaTotal: '-52.07',
      ImporteTotal: '-300.00',
    });
    expect(billingRecordFields(content({ series: 'R', rectifies, buyer: noTaxId }), at).TipoFactura).toBe('R5');
  });

  it('writes small and negative amounts', () => {
    expect([agencyAmount(0), agencyAmount(5), agencyAmount(-1_010), agencyAmount(12_345)]).toEqual(['0.00', '0.05', '-10.10', '123.45']);
  });

  it("points the QR code at the agency's verification page with the issuer, number, date and total, escaped", () => {
    const url = new URL(verificationUrl(firstExample, null));
    expect(`${url.origin}${url.pathname}`).toBe('https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQRNoVerifactu');
    expect(Object.fromEntries(url.searchParams)).toEqual({ nif: '89890001K', numserie: '12345678/G33', fecha: '01-01-2024', importe: '123.45' });
    expect(verificationUrl({ ...firstExample, NumSerieFactura: 'A&B 1' }, null)).toContain('numserie=A%26B+1');
  });

  it('opens the check of records sent (VERI*FACTU) for a system that sends them, in the environment it sends to', () => {
    const page = (url: string) => url.slice(0, url.indexOf('?'));
    expect(page(verificationUrl(firstExample, { isProduction: true }))).toBe('https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR');
    expect(page(verificationUrl(firstExample, { isProduction: false }))).toBe('https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR');
  });
});
