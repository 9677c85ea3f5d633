import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceContentSchema } from '#common/invoices/invoices.contract.ts';
import { caseFamilyMembers, invoices, payments, services, users } from '#server/db/schema/index.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { multipartBody, sampleFiles } from '#server/test/multipart.ts';
import { acceptingLetter } from '#server/test/engagement.ts';
import { pdfText } from '#server/test/pdf-text.ts';

type Member = { name: string; relationship: string; passport: string };
type Request = { id: string; title: string; familyMemberId: string | null; status: string };
type CaseMember = { id: string; name: string; relationship: string; passport: string };

const spouse: Member = { name: 'Fatima Zahra El Idrissi', relationship: 'spouse', passport: 'AB123456' };
const child: Member = { name: 'Youssef El Idrissi', relationship: 'child', passport: 'cd-654 321' };
const member = (n: number): Member => ({ name: `Familiar ${n}`, relationship: 'other', passport: `ZX${String(n).padStart(6, '0')}` });

const arraigoChecklist = [
  'Pasaporte completo',
  'Pruebas de tu estancia en España',
  'Certificado de antecedentes penales',
  'Formulario EX-10 firmado',
  'Vínculo familiar o informe de integración',
  'Medios económicos',
];

describe('the family package: members priced, charged, invoiced and opened with their own checklists', () => {
  let t: TestApp;
  let withCredit: TestAccount;
  let ip = 0;

  const as = (account: TestAccount, language = 'es') => ({ cookie: account.cookie, 'accept-language': language });
  const sessionOf = (url: string) => new URL(url).searchParams.get('session') ?? '';

  const quote = (account: TestAccount, serviceId: string, query = '') => t.app.inject({ url: `/api/payments/quote/${serviceId}${query}`, headers: as(account) });

  const checkout = async (account: TestAccount, serviceId: string, extra: Record<string, unknown> = {}, language = 'es') =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/checkout',
      headers: as(account, language),
      payload: await acceptingLetter(t.app, as(account, language), { service: { id: serviceId }, user: account.user, ...extra }),
      remoteAddress: `10.14.0.${++ip}`,
    });

  const paymentOf = async (session: string) => {
    const [row] = await t.database.db.select().from(payments).where(eq(payments.providerSessionId, session));
    if (!row) throw new Error(`no payment for ${session}`);
    return row;
  };

  const paymentsOf = async (account: TestAccount) =>
    (await t.database.db.select({ n: count() }).from(payments).where(eq(payments.userId, account.user.id)))[0]?.n;

  /** Checkout, then 'Pagar' on the test page: answers the paid payment. */
  async function hire(account: TestAccount, serviceId: string, familyMembers: Member[]) {
    const response = await checkout(account, serviceId, { familyMembers });
    expect(response.statusCode, response.body).toBe(200);
    const session = sessionOf(response.json<{ url: string }>().url);
    const paid = await t.app.inject({ method: 'POST', url: `/api/payments/test-checkout/${session}/pay`, headers: as(account) });
    expect(paid.statusCode, paid.body).toBe(204);
    return paymentOf(session);
  }

  const invoiceOf = async (paymentId: string) => {
    const [row] = await t.database.db.select().from(invoices).where(eq(invoices.paymentId, paymentId));
    if (!row) throw new Error(`no invoice for ${paymentId}`);
    return invoiceContentSchema.parse(row.content);
  };

  beforeAll(async () => {
    t = await createTestApp();
    // A client whose paid express consultation (19,99 €) is still to be deducted from a case.
    withCredit = await createAccount(t);
    const consultation = await checkout(withCredit, 'express');
    await t.app.inject({ method: 'POST', url: `/api/payments/test-checkout/${sessionOf(consultation.json().url)}/pay`, headers: as(withCredit) });
    // A fee with an odd number of cents, so that half of it has to be rounded.
    await t.database.db.update(services).set({ priceCents: 19999 }).where(eq(services.id, 'student-stay'));
  });
  afterAll(() => t.close());

  describe('prices', () => {
    let plain: TestAccount;
    beforeAll(async () => {
      plain = await createAccount(t);
    });

    it.each([
      // service, members, fee, each member, total without credit, total with the 19,99 € credit
      ['arraigo', 0, 30000, null, 30000, 28001],
      ['arraigo', 1, 30000, 15000, 45000, 43001],
      ['arraigo', 3, 30000, 15000, 75000, 73001],
      ['nie-crue', 2, 15000, 7500, 30000, 28001],
      ['family-reunification', 1, 50000, 25000, 75000, 73001],
      ['nationality', 8, 45000, 22500, 225000, 223001],
      ['student-stay', 2, 19999, 10000, 39999, 38000],
    ] as const)('%s with %i members: fee %i, each member %s, total %i (%i with the consultation credit)', async (serviceId, members, fee, each, total, totalWithCredit) => {
      const query = members > 0 ? `?familyMembers=${members}` : '';
      const family = each === null ? undefined : { members, memberCents: each };
      const without = await quote(plain, serviceId, query);
      expect(without.statusCode).toBe(200);
      expect(without.json()).toEqual({
        serviceId,
        kind: 'case',
        title: expect.any(String),
        priceCents: fee,
        creditedCents: 0,
        amountCents: total,
        currency: 'eur',
        ...(family ? { family } : {}),
        inclusions: { governmentFee: expect.any(String), excludedCosts: expect.any(Array) },
        tax: { treatment: 'subject', legend: null, vatCents: expect.any(Number), withholdingPercent: null, withholdingCents: 0 },
        recipientMissing: [],
      });
      expect((await quote(withCredit, serviceId, query)).json()).toEqual({ ...without.json(), creditedCents: 1999, amountCents: totalWithCredit, tax: expect.any(Object) });
    });

    it('charges at checkout what the quote said, keeps the members on the payment and the fee of each in its details', async () => {
      const client = await createAccount(t);
      const response = await checkout(client, 'arraigo', { familyMembers: [spouse, child] });
      expect(response.statusCode).toBe(200);
      const session = sessionOf(response.json<{ url: string }>().url);
      expect(await paymentOf(session)).toMatchObject({
        amountCents: 60000,
        creditedCents: 0,
        paymentStatus: 'pending',
        familyMembers: [spouse, { ...child, passport: 'CD654321' }],
        serviceDetails: { id: 'arraigo', kind: 'case', priceCents: 30000, familyMemberCents: 15000 },
      });
      const page = await t.app.inject({ url: `/api/payments/test-checkout/${session}`, headers: as(client) });
      expect(page.json()).toMatchObject({ priceCents: 30000, creditedCents: 0, amountCents: 60000, family: { members: 2, memberCents: 15000 } });
    });

    it('deducts the consultation credit once, from the whole price of a case with members', async () => {
      const client = await createAccount(t);
      const consultation = await checkout(client, 'express');
      await t.app.inject({ method: 'POST', url: `/api/payments/test-checkout/${sessionOf(consultation.json().url)}/pay`, headers: as(client) });
      const paid = await hire(client, 'nie-crue', [spouse, child, member(3)]);
      expect(paid).toMatchObject({ paymentStatus: 'paid', amountCents: 15000 + 3 * 7500 - 1999, creditedCents: 1999 });
      expect((await quote(client, 'nie-crue', '?familyMembers=3')).json()).toMatchObject({ creditedCents: 0, amountCents: 37500 });
    });
  });

  describe('the invoice', () => {
    it('lists the fee, one line per member with their relationship, and the credit, adding up to the amount charged', async () => {
      const client = await createAccount(t, { firstName: 'Karim', lastName: 'El Idrissi' });
      const consultation = await checkout(client, 'express');
      await t.app.inject({ method: 'POST', url: `/api/payments/test-checkout/${sessionOf(consultation.json().url)}/pay`, headers: as(client) });
      const paid = await hire(client, 'arraigo', [spouse, child]);
      const invoice = await invoiceOf(paid.id);
      expect(invoice.lines).toEqual([
        // What the price included, as the start page and the checkout said it (the IVA is the invoice's own line).
        {
          description: 'Arraigo',
          amountCents: 30000,
          detail: 'Tasa de la Administración de la solicitud incluida. No incluye las traducciones juradas. No incluye apostillas ni legalizaciones.',
        },
        { description: 'Miembro de la familia adicional: Fatima Zahra El Idrissi (Cónyuge o pareja)', amountCents: 15000 },
        { description: 'Miembro de la familia adicional: Youssef El Idrissi (Hijo o hija)', amountCents: 15000 },
        { description: 'Descuento: consulta ya pagada', amountCents: -1999 },
      ]);
      expect(invoice.lines.reduce((sum, line) => sum + line.amountCents, 0)).toBe(paid.amountCents);
      expect(invoice.totalCents).toBe(58001);
      // The PDF says under the service what its price included, as the start page and the checkout did.
      const [row] = await t.database.db.select().from(invoices).where(eq(invoices.paymentId, paid.id));
      const pdf = await t.app.inject({ url: `/api/invoices/${row?.id}/pdf`, headers: as(client) });
      expect(pdf.statusCode).toBe(200);
      expect((await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ')).toContain(
        'Tasa de la Administración de la solicitud incluida. No incluye las traducciones juradas. No incluye apostillas ni legalizaciones.',
      );
    });

    it("names the relationship in the client's language", async () => {
      const client = await createAccount(t);
      await t.database.db.update(users).set({ language: 'fr' }).where(eq(users.id, client.user.id));
      const paid = await hire(client, 'student-stay', [{ name: 'Léa Martin', relationship: 'parent', passport: 'FR998877' }]);
      const invoice = await invoiceOf(paid.id);
      expect(invoice.lines.map((line) => line.description)).toEqual([expect.any(String), 'Membre de la famille supplémentaire\u00a0: Léa Martin (Père ou mère)']);
      expect(invoice.lines.map((line) => line.amountCents)).toEqual([19999, 10000]);
      expect(invoice.totalCents).toBe(paid.amountCents);
    });
  });

  describe('bad input changes nothing', () => {
    let client: TestAccount;
    beforeAll(async () => {
      client = await createAccount(t);
    });

    it.each([
      ['too many members', Array.from({ length: 9 }, (_, index) => member(index + 1)), 'familyMembers', 'Puedes incluir como máximo 8 familiares en un trámite.'],
      ['an empty name', [{ ...spouse, name: '   ' }], 'familyMembers.0.name', 'Este campo es obligatorio'],
      ['a bad passport', [spouse, { ...child, passport: 'A-1' }], 'familyMembers.1.passport', 'El número de pasaporte debe tener entre 5 y 20 letras o cifras.'],
      ['no passport', [{ name: 'Omar', relationship: 'child' }], 'familyMembers.0.passport', 'Este campo es obligatorio'],
      ['an unknown relationship', [{ ...spouse, relationship: 'cousin' }], 'familyMembers.0.relationship', 'Este campo es obligatorio'],
    ])('refuses %s with a 400 that says why', async (_, familyMembers, path, message) => {
      const response = await checkout(client, 'arraigo', { familyMembers });
      expect(response.statusCode).toBe(400);
      expect(response.json().issues).toContainEqual({ path, message });
      expect(await paymentsOf(client)).toBe(0);
    });

    it('refuses members on a consultation, and on a quote the firm priced', async () => {
      const consultation = await checkout(client, 'express', { familyMembers: [spouse] }, 'en');
      expect(consultation.statusCode).toBe(400);
      expect(consultation.json().message).toBe('The family package applies to procedures only, not to consultations.');
      expect((await quote(client, 'express', '?familyMembers=1')).statusCode).toBe(400);
      const quoted = await checkout(client, 'arraigo', { familyMembers: [spouse], quoteId: '00000000-0000-4000-8000-000000000000' });
      expect(quoted.statusCode).toBe(400);
      expect(quoted.json().message).toBe('Un presupuesto ya incluye a los familiares que acordamos: no puedes añadir más al pagarlo.');
      expect(await paymentsOf(client)).toBe(0);
    });

    it.each(['?familyMembers=9', '?familyMembers=-1', '?familyMembers=dos', '?familyMembers=1.5'])('refuses the quote %s', async (query) => {
      const response = await quote(client, 'arraigo', query);
      expect(response.statusCode).toBe(400);
      expect(response.json().issues).toEqual([{ path: 'familyMembers', message: expect.any(String) }]);
    });
  });

  describe('the case', () => {
    let client: TestAccount;
    let stranger: TestAccount;
    let admin: TestAccount;
    let caseId: number;
    let members: CaseMember[];
    let list: Request[];

    const requestsOf = async (account: TestAccount, id: number, base = '/api/cases') => t.app.inject({ url: `${base}/${id}/requests`, headers: as(account) });

    const upload = (account: TestAccount, id: number, requestId: string) => {
      const body = multipartBody([{ name: 'document', filename: 'pasaporte-fatima.pdf', content: sampleFiles.pdf() }]);
      return t.app.inject({
        method: 'POST',
        url: `/api/cases/${id}/requests/${requestId}/documents`,
        payload: body.payload,
        headers: { ...body.headers, cookie: account.cookie },
        remoteAddress: `10.14.1.${++ip}`,
      });
    };

    beforeAll(async () => {
      client = await createAccount(t, { firstName: 'Karim', lastName: 'Benali' });
      stranger = await createAccount(t);
      admin = await createAccount(t, { role: 'admin' });
      const paid = await hire(client, 'arraigo', [spouse, child]);
      caseId = paid.caseId ?? 0;
      const cases = (await t.app.inject({ url: '/api/cases', headers: as(client) })).json<Array<{ id: number; familyMembers: CaseMember[] }>>();
      members = cases.find((item) => item.id === caseId)?.familyMembers ?? [];
      list = (await requestsOf(client, caseId)).json<Request[]>();
    });

    it('opens with its members, in the order given, in the same transaction as the payment', async () => {
      expect(members).toEqual([
        { id: expect.any(String), ...spouse },
        { id: expect.any(String), ...child, passport: 'CD654321' },
      ]);
      const rows = await t.database.db.select().from(caseFamilyMembers).where(eq(caseFamilyMembers.caseId, caseId));
      expect(rows.map((row) => [row.position, row.name])).toEqual(
        expect.arrayContaining([
          [1, spouse.name],
          [2, child.name],
        ]),
      );
    });

    it("gives each member the procedure's checklist as a group of their own, after the client's", async () => {
      const groups = [null, members[0]?.id, members[1]?.id].map((memberId) => list.filter((request) => request.familyMemberId === memberId).map((request) => request.title));
      expect(groups).toEqual([arraigoChecklist, arraigoChecklist, arraigoChecklist]);
      expect(list).toHaveLength(18);
    });

    it("asks a family reunification's members only for the documents marked one per member", async () => {
      const other = await createAccount(t);
      const paid = await hire(other, 'family-reunification', [child]);
      const requests = (await requestsOf(other, paid.caseId ?? 0)).json<Request[]>();
      expect(requests.filter((request) => request.familyMemberId !== null).map((request) => request.title)).toEqual([
        'Pasaporte del familiar',
        'Certificado de matrimonio o nacimiento',
        'Formulario EX-02 firmado',
      ]);
      expect(requests.filter((request) => request.familyMemberId === null)).toHaveLength(8);
    });

    it("takes uploads for a member's document as for the client's own, and the admin sees them", async () => {
      const passport = list.find((request) => request.familyMemberId === members[0]?.id && request.title === 'Pasaporte completo');
      const response = await upload(client, caseId, passport?.id ?? '');
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({ id: passport?.id, familyMemberId: members[0]?.id, status: 'received', documents: [{ name: 'pasaporte-fatima.pdf' }] });

      const detail = await t.app.inject({ url: `/api/admin/cases/${caseId}`, headers: as(admin) });
      expect(detail.json().familyMembers).toEqual(members);
      const adminList = (await requestsOf(admin, caseId, '/api/admin/cases')).json<Request[]>();
      expect(adminList.find((request) => request.id === passport?.id)).toMatchObject({ familyMemberId: members[0]?.id, status: 'received' });
    });

    it('lets the admin ask a member for another document, and apply another procedure to every member', async () => {
      const added = await t.app.inject({
        method: 'POST',
        url: `/api/admin/cases/${caseId}/requests`,
        headers: as(admin),
        payload: { title: 'Libro de familia', dueDate: null, familyMemberId: members[1]?.id },
      });
      expect(added.statusCode, added.body).toBe(201);
      expect(added.json()).toMatchObject({ title: 'Libro de familia', familyMemberId: members[1]?.id });
      const unknown = await t.app.inject({
        method: 'POST',
        url: `/api/admin/cases/${caseId}/requests`,
        headers: as(admin),
        payload: { title: 'Libro de familia', dueDate: null, familyMemberId: '00000000-0000-4000-8000-000000000000' },
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toBe('Ese familiar no está incluido en este expediente.');

      const applied = await t.app.inject({ method: 'POST', url: `/api/admin/cases/${caseId}/procedures`, headers: as(admin), payload: { procedureId: 'tie' } });
      expect(applied.statusCode).toBe(201);
      const tie = applied.json<Request[]>().filter((request) => request.title === 'Fotografía reciente');
      expect(tie.map((request) => request.familyMemberId)).toEqual([null, members[0]?.id, members[1]?.id]);
    });

    it("shows another client neither the members nor their documents", async () => {
      expect((await requestsOf(stranger, caseId)).statusCode).toBe(404);
      const theirs = (await t.app.inject({ url: '/api/cases', headers: as(stranger) })).json<Array<{ id: number }>>();
      expect(theirs.map((item) => item.id)).not.toContain(caseId);
      const passport = list.find((request) => request.familyMemberId === members[1]?.id);
      expect((await upload(stranger, caseId, passport?.id ?? '')).statusCode).toBe(404);
      expect((await t.app.inject({ url: `/api/admin/cases/${caseId}`, headers: as(stranger) })).statusCode).toBe(403);
    });
  });
});
