import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCaseQuestionnaire, CaseQuestionnaire, QuestionnaireVersion } from '#common/questionnaires/questionnaires.contract.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/app.ts';
import { createPaidCase } from '#server/test/factories.ts';
import { arraigoAnswers } from '#server/test/questionnaire.ts';

/** The PDF's text in its drawing order (each label before its value), blanks collapsed. */
const textOf = (pdf: Buffer) => execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', '-', '-'], { input: pdf, encoding: 'utf8' }).replace(/\s+/g, ' ');

describe('questionnaires: the client answers, each save a version, the firm corrects and reviews, the data sheet holds every answer', () => {
  let t: TestApp;
  let lawyer: TestAccount;
  let client: TestAccount;
  let other: TestAccount;
  let caseId: number;
  let otherCaseId: number;

  const as = (account: TestAccount, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>, language = 'es') =>
    t.app.inject({ method, url, headers: { cookie: account.cookie, 'accept-language': language }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp();
    lawyer = await createAccount(t, { role: 'lawyer', firstName: 'Marta', lastName: 'Ruiz' });
    client = await createAccount(t, { firstName: 'Amina', lastName: 'Diallo' });
    other = await createAccount(t, { firstName: 'Otro' });
    caseId = await createPaidCase(t.app, client);
    otherCaseId = await createPaidCase(t.app, other);
  });
  afterAll(() => t.close());

  it("gives the client their arraigo case's EX-10 questionnaire, prefilled from their profile, with no version yet", async () => {
    const response = await as(client, 'GET', `/api/cases/${caseId}/questionnaire`);
    expect(response.statusCode).toBe(200);
    const questionnaire = response.json<NonNullable<CaseQuestionnaire>>();
    expect(questionnaire.procedureId).toBe('arraigo-social');
    expect(questionnaire.definition.form).toBe('EX-10');
    expect(questionnaire.definition.tasa?.code).toBe('052');
    expect(questionnaire.definition.sections.map((section) => section.key)).toEqual(['personal', 'parents', 'civilStatus', 'address', 'entries', 'family']);
    expect(questionnaire.current).toBeNull();
    expect(questionnaire.prefill).toMatchObject({ firstName: 'Amina', lastName: 'Diallo', email: client.user.email, nie: 'X1234567L', address: 'Calle Mayor 2, 03202 Elche' });
  });

  it('refuses another client: their case is a 404 to read, save and submit, and nothing is written', async () => {
    const url = `/api/cases/${caseId}/questionnaire`;
    expect((await as(other, 'GET', url)).statusCode).toBe(404);
    expect((await as(other, 'PUT', url, { answers: arraigoAnswers() })).statusCode).toBe(404);
    expect((await as(other, 'POST', `${url}/submit`, { answers: arraigoAnswers() })).statusCode).toBe(404);
    expect((await as(client, 'GET', `/api/cases/${otherCaseId}/questionnaire`)).statusCode).toBe(404);
    expect((await as(client, 'GET', url)).json<NonNullable<CaseQuestionnaire>>().current).toBeNull();
  });

  it('saves drafts with missing answers, refuses a bad format and an incomplete submission in the reader’s language, then keeps every version', async () => {
    const url = `/api/cases/${caseId}/questionnaire`;
    const draft = await as(client, 'PUT', url, { answers: { personal: { name: 'Amina', surname1: 'Diallo' } } });
    expect(draft.statusCode).toBe(200);
    expect(draft.json<QuestionnaireVersion>()).toMatchObject({ version: 1, status: 'draft', savedBy: { isStaff: false } });

    const badDate = await as(client, 'PUT', url, { answers: { personal: { birthDate: '1991-02-30' } } }, 'fr');
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json<{ message: string }>().message).toBe('Des réponses obligatoires manquent ou ne sont pas valides\u202f: vérifiez celles qui sont signalées.');

    const incomplete = await as(client, 'POST', `${url}/submit`, { answers: { personal: { name: 'Amina' } } });
    expect(incomplete.statusCode).toBe(400);

    const sent = await as(client, 'POST', `${url}/submit`, { answers: arraigoAnswers() });
    expect(sent.statusCode).toBe(200);
    expect(sent.json<QuestionnaireVersion>()).toMatchObject({ version: 2, status: 'submitted' });

    const current = (await as(client, 'GET', url)).json<NonNullable<CaseQuestionnaire>>().current;
    expect(current?.version).toBe(2);
    expect(current?.answers).toMatchObject(arraigoAnswers());
  });

  it("lets the firm correct a value (a new version in the lawyer's name, the client's kept) and mark the answers reviewed", async () => {
    const corrected = { ...arraigoAnswers(), parents: { fatherName: 'Mamadou Sékou Diallo', motherName: 'Fatoumata Keita' } };
    const correction = await as(lawyer, 'PUT', `/api/admin/cases/${caseId}/questionnaire`, { answers: corrected });
    expect(correction.statusCode).toBe(200);
    expect(correction.json<QuestionnaireVersion>()).toMatchObject({ version: 3, status: 'corrected', savedBy: { name: 'Marta Ruiz', isStaff: true } });

    const review = await as(lawyer, 'POST', `/api/admin/cases/${caseId}/questionnaire/review`);
    expect(review.statusCode).toBe(200);
    expect(review.json<QuestionnaireVersion>()).toMatchObject({ version: 4, status: 'reviewed', answers: { parents: { fatherName: 'Mamadou Sékou Diallo' } } });

    const admin = (await as(lawyer, 'GET', `/api/admin/cases/${caseId}/questionnaire`)).json<NonNullable<AdminCaseQuestionnaire>>();
    expect(admin.versions.map((version) => [version.version, version.status])).toEqual([
      [4, 'reviewed'],
      [3, 'corrected'],
      [2, 'submitted'],
      [1, 'draft'],
    ]);
    expect(admin.versions[2]?.answers).toMatchObject({ parents: { fatherName: 'Mamadou Diallo' } });
    expect(admin.versions[3]?.answers).toMatchObject({ personal: { name: 'Amina', surname1: 'Diallo' } });
    // A client reaches none of the firm's routes.
    expect((await as(client, 'PUT', `/api/admin/cases/${caseId}/questionnaire`, { answers: corrected })).statusCode).toBe(403);
  });

  it('makes the data sheet: in Spanish, every answer under its box in the form’s section order, then the tasa 790’s boxes', async () => {
    const response = await as(lawyer, 'GET', `/api/admin/cases/${caseId}/questionnaire/data-sheet`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = textOf(response.rawPayload);

    const lines = [
      'Datos para el formulario EX-10',
      '1) DATOS DEL EXTRANJERO/A',
      'Pasaporte XK7654321',
      'N.I.E. —',
      '1er Apellido Diallo',
      '2º Apellido Keita',
      'Nombre Amina',
      'Sexo Mujer',
      'Fecha de nacimiento 17/04/1991',
      'Lugar Kankan',
      'País Guinea',
      'Nacionalidad Guinea',
      'Nombre del padre Mamadou Sékou Diallo',
      'Nombre de la madre Fatoumata Keita',
      'Estado civil Casado/a',
      'Calle Mayor 12, 3º B',
      'Localidad Elche',
      'C.P. 03201',
      'Provincia Alicante',
      'Teléfono móvil +34600111222',
      'E-mail amina@example.com',
      'ANEXO · PERMANENCIA EN ESPAÑA',
      'Entradas en España n.º 1',
      'Fecha de entrada 03/09/2022',
      'Puesto fronterizo Aeropuerto de Madrid-Barajas',
      'Entradas en España n.º 2',
      'Fecha de entrada 20/08/2023',
      'Puesto fronterizo Puerto de Algeciras',
      'Fecha de salida 02/08/2023',
      'ANEXO · FAMILIARES',
      'Parentesco Cónyuge o pareja',
      'Nombre y apellidos Ousmane Camara',
      'Fecha de nacimiento 01/12/1988',
      'Nacionalidad Senegal',
      'Reside en España Sí',
      'NIE / DNI / Pasaporte Y1234567Z',
      'Tasa modelo 790 · código 052',
      'Código 052',
      'Pasaporte XK7654321',
      'Apellidos y nombre Diallo Keita, Amina',
      'Domicilio (calle, n.º, piso) Calle Mayor 12, 3º B',
      'Municipio Elche',
      'Código postal 03201',
      'Provincia Alicante',
      'Teléfono +34600111222',
      'Importe Sin indicar',
    ];
    let from = 0;
    for (const line of lines) {
      const at = text.indexOf(line, from);
      expect(at, `"${line}" after position ${from} in: ${text}`).toBeGreaterThanOrEqual(0);
      from = at + line.length;
    }
  });

  it('refuses the data sheet to a client, and a case without a questionnaire says so', async () => {
    expect((await as(client, 'GET', `/api/admin/cases/${caseId}/questionnaire/data-sheet`)).statusCode).toBe(403);
    const nieCase = await createPaidCase(t.app, client, 'nie-crue');
    expect((await as(client, 'GET', `/api/cases/${nieCase}/questionnaire`)).json()).toBeNull();
    const sheet = await as(lawyer, 'GET', `/api/admin/cases/${nieCase}/questionnaire/data-sheet`);
    expect(sheet.statusCode).toBe(404);
    expect(sheet.json<{ message: string }>().message).toBe('Este expediente no tiene cuestionario.');
  });
});
