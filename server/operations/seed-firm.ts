import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { CaseStage } from '#common/cases/cases.contract.ts';
import type { InvoiceContent } from '#common/invoices/invoices.contract.ts';
import { billingRecordFields, billingRecordFingerprint } from '#server/features/invoices/billing-record.ts';
import { invoiceHash, invoiceNumber } from '#server/features/invoices/invoice-chain.ts';
import { OperatorFailure, type OperatorContext } from './context.ts';
import {
  generateAuditEntries,
  insertBillingRecords,
  hasFirmRecords,
  insertCases,
  insertDocuments,
  insertInvoices,
  insertPayments,
  insertQuotes,
  insertStageChanges,
  insertUsers,
  vacuumAnalyze,
} from './seed-firm.repository.ts';

/*
 * `npm run seed:firm`: a firm's five years, for trying the back office (and `npm run bench`) at a
 * real firm's size: 5 staff, 5,000 clients, 20,000 cases with their opening stage and current
 * one, 200,000 documents (each a small PDF stored under its own key), 50,000 paid payments each
 * with its invoice and its billing record (valid chains: `npm run invoices:verify` passes), 2,000
 * quotes and 1,000,000 audit entries, spread over the five years before today. Deterministic (a seeded generator), and
 * only into a firm with no case, payment or invoice yet. Never run by `npm start`.
 */

const firmSize = { staff: 5, clients: 5_000, cases: 20_000, documentsPerCase: 10, payments: 50_000, quotes: 2_000, audit: 1_000_000 };

const years = 5;
const day = 24 * 60 * 60 * 1000;

/** mulberry32: the same firm on every run. */
function generator(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (below: number) => Math.floor(next() * below),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    digits: (n: number) => Array.from({ length: n }, () => Math.floor(next() * 10)).join(''),
  };
}

const firstNames = [
  'Amina', 'Mohamed', 'Fatima', 'Youssef', 'Olena', 'Andriy', 'María', 'José', 'Lucía', 'Carlos', 'Jean', 'Claire', 'Pierre', 'Chloé',
  'John', 'Emily', 'Oliver', 'Sophie', 'Li', 'Wei', 'Ana', 'Luis', 'Valentina', 'Mateo', 'Ahmed', 'Khadija', 'Ivan', 'Natalia', 'Priya',
  'Rahul', 'Fatou', 'Moussa', 'Aisha', 'Omar', 'Elena', 'Sergio', 'Giulia', 'Marco', 'Hanna', 'Lars',
];
const lastNames = [
  'El Amrani', 'Benali', 'Kovalenko', 'Shevchenko', 'García', 'Martínez', 'López', 'Dupont', 'Martin', 'Bernard', 'Smith', 'Johnson',
  'Brown', 'Wang', 'Zhang', 'Rodríguez', 'Pérez', 'Gómez', 'Diallo', 'Traoré', 'Ndiaye', 'Hassan', 'Petrov', 'Ivanova', 'Sharma',
  'Patel', 'Rossi', 'Bianchi', 'Schmidt', 'Jensen', 'Okafor', 'Mensah', 'Haddad', 'Nguyen', 'Silva', 'Santos', 'Moreau', 'Laurent',
];
/** The firm of five issue 29 describes: the owner, two lawyers, a sworn translator, a receptionist. */
const staff = [
  { firstName: 'Elena', lastName: 'Navarro Ruiz', role: 'owner' },
  { firstName: 'Javier', lastName: 'Soler Martí', role: 'lawyer' },
  { firstName: 'Marta', lastName: 'Ibáñez Pastor', role: 'lawyer' },
  { firstName: 'Claire', lastName: 'Fournier', role: 'translator' },
  { firstName: 'Rocío', lastName: 'Campos Vidal', role: 'reception' },
] as const;
const caseServices = [
  { id: 'arraigo', title: 'Arraigo', priceCents: 30000 },
  { id: 'nie-crue', title: 'NIE y certificado de registro UE (CRUE)', priceCents: 15000 },
  { id: 'family-member-card', title: 'Tarjeta de familiar de ciudadano español', priceCents: 25000 },
  { id: 'student-stay', title: 'Estancia por estudios', priceCents: 40000 },
  { id: 'family-reunification', title: 'Reagrupación familiar', priceCents: 50000 },
  { id: 'nationality', title: 'Nacionalidad española', priceCents: 45000 },
  { id: 'renewals-appeals', title: 'Renovaciones y recursos', priceCents: 15000 },
] as const;
const consultationServices = [
  { id: 'express', title: 'Consulta exprés', priceCents: 1999 },
  { id: 'scheduled', title: 'Consulta programada', priceCents: 3999 },
] as const;
const documentNames = [
  'pasaporte.pdf', 'empadronamiento.pdf', 'antecedentes-penales.pdf', 'contrato-de-trabajo.pdf', 'nominas.pdf', 'seguro-medico.pdf',
  'libro-de-familia.pdf', 'certificado-de-nacimiento.pdf', 'tasa-790-012.pdf', 'resolucion.pdf', 'informe-de-arraigo.pdf', 'fotografia.pdf',
];
const offices = ['Oficina de Extranjería de Alicante', 'Oficina de Extranjería de Murcia', 'Oficina de Extranjería de Valencia', 'Registro Civil de Elche'];
const methods = ['card_online', 'card_online', 'card_online', 'bank_transfer', 'bizum', 'cash', 'card_office'] as const;
const nieLetters = 'TRWAGMYFPDXBNJZSQVHLCKE';
const nieOf = (prefix: number, digits: string) => `${'XYZ'[prefix]}${digits}${nieLetters[Number(`${prefix}${digits}`) % 23]}`;
const ascii = (text: string) => text.normalize('NFD').replace(/[^\x20-\x7e]/g, '').toLowerCase().replace(/[^a-z]+/g, '');

/** The stage a case has reached, by how old it is: old cases have ended, new ones are still waiting for papers. */
function stageFor(ageDays: number, random: () => number): CaseStage {
  if (ageDays < 30) return random() < 0.5 ? 'awaiting_documents' : 'reviewing_documents';
  if (ageDays < 120) return (['more_documents_requested', 'filed', 'in_process', 'requerimiento_received'] as const)[Math.floor(random() * 4)]!;
  const ended = ['resolved_favourably', 'resolved_favourably', 'resolved_favourably', 'tie_collected', 'tie_collected', 'resolved_unfavourably', 'appeal_filed', 'cancelled'] as const;
  return ended[Math.floor(random() * ended.length)]!;
}

/** A tiny, valid one-page PDF standing in for each seeded document. */
const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

async function storeFiles(context: OperatorContext, keys: string[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next++]!;
      await context.storage.put(key, Readable.from([pdf]), 'application/pdf');
    }
  };
  await Promise.all(Array.from({ length: 32 }, worker));
}

export async function seedFirm(context: OperatorContext): Promise<string> {
  const began = performance.now();
  const random = generator(20_211_129);
  const now = Date.now();
  const start = now - years * 365 * day;
  const at = (fraction: number) => new Date(start + fraction * (now - start));
  const { db } = context.database;

  const staffRows = staff.map((person, index) => ({
    id: `seed-staff-${index + 1}`,
    name: `${person.firstName} ${person.lastName}`,
    email: `${ascii(person.firstName)}.${ascii(person.lastName.split(' ')[0]!)}@firm.example`,
    emailVerified: true,
    role: person.role,
    firstName: person.firstName,
    lastName: person.lastName,
    phone: `+34 965 ${random.digits(3)} ${random.digits(3)}`,
    createdAt: at(0),
    updatedAt: at(0),
  }));

  const clientTimes = Array.from({ length: firmSize.clients }, () => random.next()).sort((a, b) => a - b);
  const clients = clientTimes.map((fraction, index) => {
    const firstName = random.pick(firstNames);
    const lastName = random.pick(lastNames);
    const createdAt = at(fraction);
    return {
      id: `seed-client-${String(index + 1).padStart(5, '0')}`,
      name: `${firstName} ${lastName}`,
      email: `${ascii(firstName)}.${ascii(lastName)}.${index + 1}@example.com`,
      emailVerified: true,
      role: 'user' as const,
      firstName,
      lastName,
      phone: `+34 6${random.digits(2)} ${random.digits(3)} ${random.digits(3)}`,
      nie: nieOf(random.int(3), random.digits(7)),
      passportNumber: random.next() < 0.8 ? `${String.fromCharCode(65 + random.int(26), 65 + random.int(26))}${random.digits(7)}` : null,
      language: random.pick(['es', 'es', 'en', 'fr'] as const),
      createdAt,
      updatedAt: createdAt,
    };
  });
  /** A client who had registered by then. */
  const clientBefore = (fraction: number) => {
    let low = 0;
    let high = clientTimes.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (clientTimes[middle]! <= fraction) low = middle + 1;
      else high = middle;
    }
    return clients[random.int(Math.max(1, low))]!;
  };

  const caseDrafts = Array.from({ length: firmSize.cases }, () => random.next())
    .sort((a, b) => a - b)
    .map((fraction) => {
      const createdAt = at(fraction);
      const client = clientBefore(fraction);
      const service = random.pick(caseServices);
      const stage = stageFor((now - createdAt.getTime()) / day, random.next);
      const isFiled = !['awaiting_documents', 'reviewing_documents', 'more_documents_requested', 'cancelled'].includes(stage);
      const filedOn = new Date(createdAt.getTime() + (20 + random.int(40)) * day);
      return {
        client,
        service,
        row: {
          userId: client.id,
          serviceId: service.id,
          stage,
          fileNumber: isFiled ? `${random.pick(['03', '30', '46'])}/${filedOn.getUTCFullYear()}/${random.digits(6)}` : null,
          filedOn: isFiled ? filedOn.toISOString().slice(0, 10) : null,
          filingOffice: isFiled ? random.pick(offices) : null,
          createdAt,
        },
      };
    });

  const documents = caseDrafts.flatMap((draft, caseIndex) =>
    Array.from({ length: firmSize.documentsPerCase }, (_, index) => {
      const createdAt = new Date(draft.row.createdAt.getTime() + (index + 1) * random.int(3 * day));
      const month = String(createdAt.getUTCMonth() + 1).padStart(2, '0');
      return {
        caseIndex,
        documentName: random.pick(documentNames),
        storagePath: `case-documents/${createdAt.getUTCFullYear()}/${month}/${randomUUID()}.pdf`,
        contentType: 'application/pdf',
        sizeBytes: pdf.length,
        uploadedBy: index < 8 ? draft.client.id : random.pick(staffRows).id,
        firmNotifiedAt: createdAt,
        createdAt,
      };
    }),
  );

  const refusal = new OperatorFailure('The firm already has cases, payments or invoices: seed:firm fills only a database with none (for instance a new DATA_DIR).');
  if (await db.transaction((tx) => hasFirmRecords(tx))) throw refusal;
  // The stored files first, outside the transaction: a row never names a missing file (a file no row names is removed by the orphan sweep).
  const stored = performance.now();
  await storeFiles(context, documents.map((document) => document.storagePath));
  const filesSeconds = (performance.now() - stored) / 1000;

  // Every case was opened by a paid payment; the other payments are consultations. In order of payment: the invoices' chain.
  const paymentDrafts = [
    ...caseDrafts.map((draft, caseIndex) => ({ caseIndex, client: draft.client, service: draft.service as { id: string; title: string; priceCents: number }, paidAt: new Date(draft.row.createdAt.getTime() - 60_000) })),
    ...Array.from({ length: firmSize.payments - firmSize.cases }, () => {
      const fraction = random.next();
      return { caseIndex: undefined, client: clientBefore(fraction), service: random.pick(consultationServices) as { id: string; title: string; priceCents: number }, paidAt: at(fraction) };
    }),
  ].sort((a, b) => a.paidAt.getTime() - b.paidAt.getTime());

  const quoteRows = Array.from({ length: firmSize.quotes }, () => {
    const fraction = random.next();
    const client = clientBefore(fraction);
    const createdAt = at(fraction);
    const status = random.pick(['sent', 'accepted', 'declined', 'expired', 'requested'] as const);
    const isSent = status !== 'requested';
    return {
      kind: 'case' as const,
      status,
      userId: client.id,
      name: client.name,
      email: client.email,
      language: client.language,
      serviceId: 'contact',
      requestMessage: 'Necesito ayuda con un trámite que no aparece en la web.',
      priceCents: isSent ? 20000 + random.int(40) * 1000 : null,
      validUntil: isSent ? new Date(createdAt.getTime() + 30 * day).toISOString().slice(0, 10) : null,
      message: isSent ? 'Estudio del caso, preparación y presentación de la solicitud.' : null,
      sentBy: isSent ? random.pick(staffRows).id : null,
      sentAt: isSent ? new Date(createdAt.getTime() + day) : null,
      respondedAt: status === 'accepted' || status === 'declined' ? new Date(createdAt.getTime() + 3 * day) : null,
      createdAt,
    };
  });

  await db.transaction(async (tx) => {
    if (await hasFirmRecords(tx)) throw refusal;
    await insertUsers(tx, [...staffRows, ...clients]);
    const caseIds = await insertCases(tx, caseDrafts.map((draft) => draft.row));
    await insertStageChanges(
      tx,
      caseDrafts.flatMap((draft, index) => {
        const opened = { caseId: caseIds[index]!, stage: 'awaiting_documents' as const, changedBy: null, createdAt: draft.row.createdAt };
        if (draft.row.stage === 'awaiting_documents') return [opened];
        const movedAt = new Date(Math.min(now, draft.row.createdAt.getTime() + (10 + random.int(200)) * day));
        return [opened, { caseId: caseIds[index]!, stage: draft.row.stage, changedBy: random.pick(staffRows).id, createdAt: movedAt }];
      }),
    );
    await insertDocuments(
      tx,
      documents.map(({ caseIndex, ...document }) => ({ ...document, caseId: caseIds[caseIndex]! })),
    );

    const paymentRows = paymentDrafts.map((draft) => ({
      id: randomUUID(),
      userId: draft.client.id,
      serviceId: draft.service.id,
      serviceDetails: { id: draft.service.id, kind: draft.caseIndex === undefined ? 'consultation' : 'case', title: draft.service.title, priceCents: draft.service.priceCents, currency: 'eur' },
      amountCents: draft.service.priceCents,
      currency: 'eur',
      paymentStatus: 'paid' as const,
      provider: 'offline' as const,
      method: random.pick(methods),
      caseId: draft.caseIndex === undefined ? null : caseIds[draft.caseIndex]!,
      paidAt: draft.paidAt,
      createdAt: draft.paidAt,
    }));
    await insertPayments(tx, paymentRows);

    const sequences = new Map<number, number>();
    let previousHash: string | null = null;
    const invoiceRows = paymentRows.map((payment, index) => {
      const draft = paymentDrafts[index]!;
      const year = draft.paidAt.getUTCFullYear();
      const sequence = (sequences.get(year) ?? 0) + 1;
      sequences.set(year, sequence);
      const number = invoiceNumber('F', year, sequence);
      const baseCents = Math.round(payment.amountCents / 1.21);
      const content: InvoiceContent = {
        number,
        series: 'F',
        issuedAt: draft.paidAt.toISOString(),
        language: draft.client.language,
        seller: { legalName: context.config.firm.legalName, taxId: context.config.firm.taxId, address: context.config.firm.address },
        buyer: { name: draft.client.name, taxIdKind: 'nie', taxId: draft.client.nie, address: null, email: draft.client.email },
        lines: [{ description: draft.service.title, amountCents: payment.amountCents }],
        baseCents,
        vatRatePercent: 21,
        vatCents: payment.amountCents - baseCents,
        totalCents: payment.amountCents,
        currency: 'eur',
        paymentMethod: payment.method,
        rectifies: null,
      };
      const hash = invoiceHash(content, previousHash);
      const row = { id: randomUUID(), series: 'F' as const, year, sequence, number, paymentId: payment.id, issuedAt: draft.paidAt, content, position: index + 1, previousHash, hash, createdAt: draft.paidAt };
      previousHash = hash;
      return row;
    });
    await insertInvoices(tx, invoiceRows);
    // VeriFactu's record of each invoice, chained in the invoices' order, as issuing one writes it.
    let previousFingerprint: string | null = null;
    await insertBillingRecords(
      tx,
      invoiceRows.map((invoice) => {
        const fields = billingRecordFields(invoice.content, invoice.issuedAt);
        const fingerprint = billingRecordFingerprint(fields, previousFingerprint);
        const record = { invoiceId: invoice.id, fields, position: invoice.position, previousFingerprint, fingerprint, createdAt: invoice.issuedAt };
        previousFingerprint = fingerprint;
        return record;
      }),
    );
    await insertQuotes(tx, quoteRows);
    await generateAuditEntries(tx, {
      total: firmSize.audit,
      staffIds: staffRows.map((person) => person.id),
      firstCaseId: caseIds[0]!,
      caseCount: caseIds.length,
      from: at(0),
      to: new Date(now),
    });
  });
  await vacuumAnalyze(db);

  const seconds = (performance.now() - began) / 1000;
  return (
    `Seeded a firm's five years in ${seconds.toFixed(0)} s (files ${filesSeconds.toFixed(0)} s): ${firmSize.staff} staff, ${firmSize.clients} clients, ` +
    `${firmSize.cases} cases, ${documents.length} documents, ${firmSize.payments} payments and invoices, ${firmSize.quotes} quotes, ${firmSize.audit} audit entries.`
  );
}
