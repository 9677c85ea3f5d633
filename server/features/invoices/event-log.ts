import { z } from 'zod';
import type { Firm } from '#common/firm.ts';
import { verifactuEventTypes } from '#common/billing/billing-vocabulary.ts';
import { system } from './billing-record-xml.ts';
import { fingerprintOf, onFirmClock } from './billing-record.ts';

/**
 * VeriFactu's event log (registro de eventos, Orden HAC/1177/2024, art. 9), which a billing system
 * that keeps its records rather than sending them must keep (decisions/054). The types:
 * 01 start and 02 end of operation as NO VERI*FACTU, 03 launch of the billing records' anomaly
 * detection and 04 an anomaly found in them, 05 and 06 the same for the events, 07 a backup
 * restored, 08 an export of billing records of a period, 09 an export of the events, 10 a summary
 * of events, 90 another event.
 */
export type EventType = (typeof verifactuEventTypes)[number];

/** What an event's fingerprint covers, named as the agency's XML names them: the system, the issuer, the type and the time. */
export const eventFieldsSchema = z.object({
  /** The system's producer: this product, installed by the firm, which signs the declaración responsable. */
  NombreRazonProductor: z.string(),
  NIFProductor: z.string(),
  IdSistemaInformatico: z.string(),
  Version: z.string(),
  NumeroInstalacion: z.string(),
  /** The party obliged to issue the invoices (ObligadoEmision): the firm. */
  NombreRazonObligado: z.string(),
  NIFObligado: z.string(),
  TipoEvento: z.enum(verifactuEventTypes),
  /** When the event was made, with the firm's UTC offset and no fraction of a second. */
  FechaHoraHusoGenEvento: z.string(),
});
type EventFields = z.infer<typeof eventFieldsSchema>;

/** An event's own data: the anomaly found, the period exported and how many records, the summary's counts. */
export type EventData = Record<string, string | number>;

export function eventFields(firm: Pick<Firm, 'legalName' | 'taxId'>, type: EventType, generatedAt: Date): EventFields {
  return {
    NombreRazonProductor: firm.legalName.slice(0, 120),
    NIFProductor: firm.taxId.trim(),
    IdSistemaInformatico: system.id,
    Version: system.version,
    NumeroInstalacion: system.installation,
    NombreRazonObligado: firm.legalName.slice(0, 120),
    NIFObligado: firm.taxId.trim(),
    TipoEvento: type,
    FechaHoraHusoGenEvento: onFirmClock(generatedAt, "yyyy-MM-dd'T'HH:mm:ssXXX"),
  };
}

/**
 * An event's fingerprint (HuellaEvento), in the style of the billing records' (name=value pairs
 * joined by '&', each value trimmed, SHA-256 in upper-case hex), over the fields in the order public
 * implementations give: the producer's NIF, the other id (ID, empty: the producer has a NIF), the
 * system's id, version and installation, the issuer's NIF, the type, the previous event's
 * fingerprint (empty for the first event) and the time. NOT confirmed against the agency's worked
 * examples (decisions/054).
 */
export function eventFingerprint(fields: EventFields, previousFingerprint: string | null): string {
  return fingerprintOf([
    ['NIF', fields.NIFProductor],
    ['ID', ''],
    ['IdSistemaInformatico', fields.IdSistemaInformatico],
    ['Version', fields.Version],
    ['NumeroInstalacion', fields.NumeroInstalacion],
    ['NIF', fields.NIFObligado],
    ['TipoEvento', fields.TipoEvento],
    ['HuellaEvento', previousFingerprint ?? ''],
    ['FechaHoraHusoGenEvento', fields.FechaHoraHusoGenEvento],
  ]);
}

type EventChainRow = { position: number; type: string; fields: unknown; previousFingerprint: string | null; fingerprint: string };

/**
 * What is wrong with the events' chain, in chain order; empty when it holds. Each event must follow
 * the one before it, carry its fingerprint and have the fingerprint of its own fields.
 */
export function eventChainProblems(rows: EventChainRow[]): string[] {
  const problems: string[] = [];
  let previous: EventChainRow | undefined;
  for (const row of rows) {
    const name = `The VeriFactu event ${row.position} (type ${row.type})`;
    const expectedPosition = (previous?.position ?? 0) + 1;
    if (row.position !== expectedPosition) problems.push(`${name}: it is at position ${row.position} of the events' chain, expected ${expectedPosition}.`);
    if (row.previousFingerprint !== (previous?.fingerprint ?? null))
      problems.push(`${name}: it does not point to the fingerprint of ${previous ? `event ${previous.position}` : 'nothing (the first event)'}.`);
    const fields = eventFieldsSchema.safeParse(row.fields);
    if (!fields.success || fields.data.TipoEvento !== row.type) problems.push(`${name}: its fields are not an event's of its type.`);
    else if (eventFingerprint(fields.data, row.previousFingerprint) !== row.fingerprint) problems.push(`${name}: its fields no longer match its fingerprint.`);
    previous = row;
  }
  return problems;
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const tag = (name: string, value: string | number, indent: string) => `${indent}<${name}>${escape(String(value))}</${name}>`;

export type ExportedEvent = { fields: EventFields; data: EventData; fingerprint: string; previous: { fields: EventFields; fingerprint: string } | null };

/** One event (RegistroEvento): the system, the issuer, the type and time, its own data, its link to the event before and its fingerprint. */
function eventXml({ fields, data, fingerprint, previous }: ExportedEvent): string {
  const i = (depth: number) => '  '.repeat(depth);
  const chain = previous
    ? [
        `${i(4)}<EventoAnterior>`,
        tag('TipoEvento', previous.fields.TipoEvento, i(5)),
        tag('FechaHoraHusoGenEvento', previous.fields.FechaHoraHusoGenEvento, i(5)),
        tag('HuellaEvento', previous.fingerprint, i(5)),
        `${i(4)}</EventoAnterior>`,
      ]
    : [tag('PrimerEvento', 'S', i(4))];
  return [
    `${i(1)}<RegistroEvento>`,
    tag('IDVersion', '1.0', i(2)),
    `${i(2)}<Evento>`,
    `${i(3)}<SistemaInformatico>`,
    tag('NombreRazon', fields.NombreRazonProductor, i(4)),
    tag('NIF', fields.NIFProductor, i(4)),
    tag('IdSistemaInformatico', fields.IdSistemaInformatico, i(4)),
    tag('Version', fields.Version, i(4)),
    tag('NumeroInstalacion', fields.NumeroInstalacion, i(4)),
    `${i(3)}</SistemaInformatico>`,
    `${i(3)}<ObligadoEmision>`,
    tag('NombreRazon', fields.NombreRazonObligado, i(4)),
    tag('NIF', fields.NIFObligado, i(4)),
    `${i(3)}</ObligadoEmision>`,
    tag('FechaHoraHusoGenEvento', fields.FechaHoraHusoGenEvento, i(3)),
    tag('TipoEvento', fields.TipoEvento, i(3)),
    `${i(3)}<DatosPropiosEvento>`,
    ...Object.entries(data).map(([name, value]) => tag(name, value, i(4))),
    `${i(3)}</DatosPropiosEvento>`,
    `${i(3)}<Encadenamiento>`,
    ...chain,
    `${i(3)}</Encadenamiento>`,
    tag('TipoHuella', '01', i(3)),
    tag('HuellaEvento', fingerprint, i(3)),
    `${i(2)}</Evento>`,
    `${i(1)}</RegistroEvento>`,
  ].join('\n');
}

/** The event log as XML, in the shape of the agency's event records (its schema was not checked: decisions/054). */
export function eventLogXml(events: ExportedEvent[]): string {
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<RegistrosEvento>', ...events.map(eventXml), '</RegistrosEvento>', ''].join('\n');
}
