import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { Firm } from '#common/firm.ts';
import { firmTimeZone } from '#common/long-date.ts';
import { invoiceContentSchema, type InvoiceContent } from '#common/invoices/invoices.contract.ts';
import { agencyAmount, recordInvoiceId, storedRecordFields, type BillingRecordFields, type CancellationFields } from './billing-record.ts';

const lrNamespace = 'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroLR.xsd';
const infoNamespace = 'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd';

/** What the billing system says of itself in every record (SistemaInformatico): this product, installed once by the firm. */
export const system = { id: 'EA', version: '0.1.0', installation: '1' };

export type ExportedRecord = {
  fields: BillingRecordFields | CancellationFields;
  fingerprint: string;
  content: InvoiceContent;
  /** The fields of the record before it in the chain, or null for the first record of all. */
  previous: BillingRecordFields | CancellationFields | null;
  previousFingerprint: string | null;
};

type Kind = 'alta' | 'anulacion';

/** A stored record, its invoice's content and the record before it, as the XML needs them. */
export function exportedRecord(row: { kind: Kind; fields: unknown; fingerprint: string; previousFingerprint: string | null; content: unknown; previousKind: Kind | null; previous: unknown }): ExportedRecord {
  return {
    fields: storedRecordFields(row.kind, row.fields),
    fingerprint: row.fingerprint,
    previousFingerprint: row.previousFingerprint,
    content: invoiceContentSchema.parse(row.content),
    previous: row.previousKind ? storedRecordFields(row.previousKind, row.previous) : null,
  };
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** An element of the information schema (sum1), its children given as [name, value or children]. */
type Node = [string, string | Node[]];
function element([name, value]: Node, depth: number): string {
  const indent = '  '.repeat(depth);
  if (typeof value === 'string') return `${indent}<sum1:${name}>${escape(value)}</sum1:${name}>`;
  return `${indent}<sum1:${name}>\n${value.map((child) => element(child, depth + 1)).join('\n')}\n${indent}</sum1:${name}>`;
}

const agencyDay = (iso: string) => format(new TZDate(new Date(iso), firmTimeZone), 'dd-MM-yyyy');

/** IDOtro's IDType (the agency's list L7): a VAT number (NIF-IVA), a passport, another country's official document. */
const otherIdTypes = { vat: '02', passport: '03', foreignTaxId: '04' } as const;

/**
 * Who the invoice is made out to: a Spanish NIF, NIE or CIF as NIF; a passport, another member
 * state's VAT number or a tax number from outside the EU as another identity, with the country
 * where the buyer lives when it is known.
 */
function recipient(buyer: InvoiceContent['buyer']): Node[] {
  if (!buyer.taxId) return [];
  const kind = buyer.taxIdKind;
  const country: Node[] = buyer.country && buyer.country !== 'ES' ? [['CodigoPais', buyer.country]] : [];
  const identity: Node =
    kind === 'passport' || kind === 'vat' || kind === 'foreignTaxId' ? ['IDOtro', [...country, ['IDType', otherIdTypes[kind]], ['ID', buyer.taxId]]] : ['NIF', buyer.taxId];
  return [['Destinatarios', [['IDDestinatario', [['NombreRazon', buyer.name.slice(0, 120)], identity]]]]];
}

/**
 * The tax breakdown (DetalleDesglose) by the invoice's IVA treatment (common/invoices/tax-rules.ts),
 * always under the general regime (ClaveRegimen 01): subject and not exempt (S1) with its rate and
 * tax; or, for a service located outside Spain (a private client outside the EU, art. 69.Dos, or a
 * business elsewhere, art. 69.Uno.1º, reverse-charged in its member state), not subject by the
 * place-of-supply rules (N2), where the agency takes no rate and no tax, only the amount.
 */
function breakdown(content: InvoiceContent): Node[] {
  const treatment = content.tax?.treatment ?? 'subject';
  if (treatment !== 'subject') return [['ClaveRegimen', '01'], ['CalificacionOperacion', 'N2'], ['BaseImponibleOimporteNoSujeto', agencyAmount(content.baseCents)]];
  return [
    ['ClaveRegimen', '01'],
    ['CalificacionOperacion', 'S1'],
    ['TipoImpositivo', agencyAmount(content.vatRatePercent * 100)],
    ['BaseImponibleOimporteNoSujeto', agencyAmount(content.baseCents)],
    ['CuotaRepercutida', agencyAmount(content.vatCents)],
  ];
}

/** The link to the record before (Encadenamiento): the invoice it names and its fingerprint, or the mark of the first record. */
function chainOf(record: ExportedRecord): Node {
  if (!record.previous) return ['Encadenamiento', [['PrimerRegistro', 'S']]];
  const previous = recordInvoiceId(record.previous);
  return [
    'Encadenamiento',
    [
      [
        'RegistroAnterior',
        [
          ['IDEmisorFactura', previous.IDEmisorFactura],
          ['NumSerieFactura', previous.NumSerieFactura],
          ['FechaExpedicionFactura', previous.FechaExpedicionFactura],
          ['Huella', record.previousFingerprint ?? ''],
        ],
      ],
    ],
  ];
}

/** What the billing system says of itself in every record (SistemaInformatico). */
function systemOf(firm: Pick<Firm, 'legalName' | 'brandName'>, issuer: string): Node {
  return [
    'SistemaInformatico',
    [
      ['NombreRazon', firm.legalName.slice(0, 120)],
      ['NIF', issuer],
      ['NombreSistemaInformatico', firm.brandName.slice(0, 30)],
      ['IdSistemaInformatico', system.id],
      ['Version', system.version],
      ['NumeroInstalacion', system.installation],
      ['TipoUsoPosibleSoloVerifactu', 'N'],
      ['TipoUsoPosibleMultiOT', 'N'],
      ['IndicadorMultiplesOT', 'N'],
    ],
  ];
}

/** A cancellation record (RegistroAnulacion): the invoice cancelled, the chain, the system and its fingerprint. */
function registroAnulacion(record: ExportedRecord & { fields: CancellationFields }, firm: Pick<Firm, 'legalName' | 'brandName'>): Node {
  const { fields } = record;
  return [
    'RegistroAnulacion',
    [
      ['IDVersion', '1.0'],
      [
        'IDFactura',
        [
          ['IDEmisorFacturaAnulada', fields.IDEmisorFacturaAnulada],
          ['NumSerieFacturaAnulada', fields.NumSerieFacturaAnulada],
          ['FechaExpedicionFacturaAnulada', fields.FechaExpedicionFacturaAnulada],
        ],
      ],
      chainOf(record),
      systemOf(firm, fields.IDEmisorFacturaAnulada),
      ['FechaHoraHusoGenRegistro', fields.FechaHoraHusoGenRegistro],
      ['TipoHuella', '01'],
      ['Huella', record.fingerprint],
    ],
  ];
}

function registroAlta(record: ExportedRecord & { fields: BillingRecordFields }, firm: Pick<Firm, 'legalName' | 'brandName'>): Node {
  const { fields, content } = record;
  const rectification: Node[] = content.rectifies
    ? [
        ['TipoRectificativa', 'I'],
        [
          'FacturasRectificadas',
          [['IDFacturaRectificada', [['IDEmisorFactura', fields.IDEmisorFactura], ['NumSerieFactura', content.rectifies.number], ['FechaExpedicionFactura', agencyDay(content.rectifies.issuedAt)]]]],
        ],
      ]
    : [];
  return [
    'RegistroAlta',
    [
      ['IDVersion', '1.0'],
      ['IDFactura', [['IDEmisorFactura', fields.IDEmisorFactura], ['NumSerieFactura', fields.NumSerieFactura], ['FechaExpedicionFactura', fields.FechaExpedicionFactura]]],
      ['NombreRazonEmisor', content.seller.legalName.slice(0, 120)],
      ['TipoFactura', fields.TipoFactura],
      ...rectification,
      ['DescripcionOperacion', content.lines.map((line) => line.description).join('; ').slice(0, 500)],
      ...recipient(content.buyer),
      [
        'Desglose',
        [
          ['DetalleDesglose', breakdown(content)],
        ],
      ],
      ['CuotaTotal', fields.CuotaTotal],
      ['ImporteTotal', fields.ImporteTotal],
      chainOf(record),
      systemOf(firm, fields.IDEmisorFactura),
      ['FechaHoraHusoGenRegistro', fields.FechaHoraHusoGenRegistro],
      ['TipoHuella', '01'],
      ['Huella', record.fingerprint],
    ],
  ];
}

function registroOf(record: ExportedRecord, firm: Pick<Firm, 'legalName' | 'brandName'>): Node {
  const { fields } = record;
  return 'IDEmisorFacturaAnulada' in fields ? registroAnulacion({ ...record, fields }, firm) : registroAlta({ ...record, fields }, firm);
}

/**
 * The billing records as the tax agency's schemas write them (SuministroLR.xsd and
 * SuministroInformacion.xsd), in the message the agency's service takes: the firm as the party
 * obliged to issue, then each record, an invoice's issue (RegistroAlta, with its breakdown) or its
 * cancellation (RegistroAnulacion), with its link to the record before it and its fingerprint.
 */
export function regFactuMessage(records: ExportedRecord[], firm: Pick<Firm, 'legalName' | 'brandName' | 'taxId'>): string {
  const header = element(['ObligadoEmision', [['NombreRazon', firm.legalName.slice(0, 120)], ['NIF', firm.taxId.trim()]]], 2);
  const body = records.map((record) => `  <sum:RegistroFactura>\n${element(registroOf(record, firm), 2)}\n  </sum:RegistroFactura>`);
  return [
    `<sum:RegFactuSistemaFacturacion xmlns:sum="${lrNamespace}" xmlns:sum1="${infoNamespace}">`,
    '  <sum:Cabecera>',
    header,
    '  </sum:Cabecera>',
    ...body,
    '</sum:RegFactuSistemaFacturacion>',
  ].join('\n');
}

/** The same message as a file: a year's records for the firm's accounts or an inspection. */
export function billingRecordsXml(records: ExportedRecord[], firm: Pick<Firm, 'legalName' | 'brandName' | 'taxId'>): string {
  return ['<?xml version="1.0" encoding="UTF-8"?>', regFactuMessage(records, firm), ''].join('\n');
}
