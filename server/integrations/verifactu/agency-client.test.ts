import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAgency, type FakeAgency } from '#server/test/fake-agency.ts';
import { createVerifactuCertificates, type VerifactuCertificates } from '#server/test/verifactu-certificates.ts';
import { AgencyFailure, createAgencyClient, parseAgencyAnswer } from './agency-client.ts';

const alta = (number: string) =>
  `<sum1:RegistroAlta><sum1:IDFactura><sum1:IDEmisorFactura>B03123456</sum1:IDEmisorFactura><sum1:NumSerieFactura>${number}</sum1:NumSerieFactura><sum1:FechaExpedicionFactura>29-11-2026</sum1:FechaExpedicionFactura></sum1:IDFactura></sum1:RegistroAlta>`;
const message = (...numbers: string[]) => `<sum:RegFactuSistemaFacturacion>${numbers.map(alta).join('')}</sum:RegFactuSistemaFacturacion>`;

describe("the agency's SOAP client, in mutual TLS", () => {
  let certificates: VerifactuCertificates;
  let stranger: VerifactuCertificates;
  let agency: FakeAgency;

  beforeAll(async () => {
    certificates = createVerifactuCertificates();
    stranger = createVerifactuCertificates();
    agency = await startFakeAgency(certificates);
  });
  afterAll(async () => {
    await agency.close();
    certificates.remove();
    stranger.remove();
  });

  const client = (p12Path: string, password: string) =>
    createAgencyClient({ pfx: fs.readFileSync(p12Path), passphrase: password, endpoint: agency.url, isProduction: false, ca: certificates.ca, timeoutMs: 500 });

  it("reads the agency's answer for each record, with its error", async () => {
    agency.answerNext({ rejectNumber: 'F-2026-0002', code: '1100', description: 'Valor o tipo incorrecto del campo: NIF' });
    const answer = await client(certificates.firmP12Path, certificates.password).send(message('F-2026-0001', 'F-2026-0002'));
    expect(answer).toEqual({
      outcome: 'ParcialmenteCorrecto',
      csv: 'A-YDSW8NLFLANWPM',
      waitSeconds: 60,
      lines: [
        { operation: 'Alta', NumSerieFactura: 'F-2026-0001', FechaExpedicionFactura: '29-11-2026', state: 'Correcto', errorCode: null, errorDescription: null },
        { operation: 'Alta', NumSerieFactura: 'F-2026-0002', FechaExpedicionFactura: '29-11-2026', state: 'Incorrecto', errorCode: '1100', errorDescription: 'Valor o tipo incorrecto del campo: NIF' },
      ],
    });
  });

  it('is refused by the agency without a certificate it trusts, and refuses a server it does not', async () => {
    const before = agency.received.length;
    await expect(client(stranger.firmP12Path, stranger.password).send(message('F-2026-0003'))).rejects.toThrow(AgencyFailure);
    expect(agency.received).toHaveLength(before);
    const trustingOthers = createAgencyClient({ pfx: fs.readFileSync(certificates.firmP12Path), passphrase: certificates.password, endpoint: agency.url, isProduction: false, ca: stranger.ca });
    await expect(trustingOthers.send(message('F-2026-0003'))).rejects.toThrow(AgencyFailure);
    expect(agency.received).toHaveLength(before);
  });

  it('turns a SOAP Fault, no answer and anything unreadable into a failure', async () => {
    agency.answerNext('fault');
    await expect(client(certificates.firmP12Path, certificates.password).send(message('F-2026-0004'))).rejects.toThrow('SOAP Fault: Codigo[4102].El XML no cumple el esquema.');
    agency.answerNext('silent');
    await expect(client(certificates.firmP12Path, certificates.password).send(message('F-2026-0004'))).rejects.toThrow('no answer within 500 ms');
    expect(() => parseAgencyAnswer('<html>Mantenimiento</html>')).toThrow(AgencyFailure);
    expect(() => parseAgencyAnswer('<RespuestaRegFactuSistemaFacturacion><EstadoEnvio>Correcto</EstadoEnvio><RespuestaLinea><EstadoRegistro>Quizá</EstadoRegistro></RespuestaLinea></RespuestaRegFactuSistemaFacturacion>')).toThrow(
      'unknown EstadoRegistro',
    );
    // Without a waiting time, the agency's default of 60 s.
    expect(parseAgencyAnswer('<a:RespuestaRegFactuSistemaFacturacion><a:EstadoEnvio>Correcto</a:EstadoEnvio></a:RespuestaRegFactuSistemaFacturacion>').waitSeconds).toBe(60);
  });
});
