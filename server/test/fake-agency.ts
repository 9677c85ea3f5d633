import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { VerifactuCertificates } from './verifactu-certificates.ts';

/** How the fake agency answers the next send: every record accepted, one rejected, a SOAP Fault, or no answer at all. */
type AgencyBehaviour = 'correct' | { rejectNumber: string; code: string; description: string } | 'fault' | 'silent';

/** A send the fake agency received: its SOAP body and who the client certificate said the sender was. */
type ReceivedSend = { body: string; clientSubject: string; invoiceNumbers: string[] };

export type FakeAgency = { url: string; received: ReceivedSend[]; answerNext: (behaviour: AgencyBehaviour) => void; close: () => Promise<void> };

const responseNs = 'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/RespuestaSuministro.xsd';
const infoNs = 'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd';

const soap = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/"><env:Header/><env:Body>${body}</env:Body></env:Envelope>`;

/** The RespuestaRegFactuSistemaFacturacion of the WSDL for the records of a send, each judged by `judge`. */
function answer(body: string, judge: (number: string) => { state: string; code?: string; description?: string }): string {
  // An issue's IDFactura names IDEmisorFactura…, a cancellation's IDEmisorFacturaAnulada…; the answer names both alike.
  const records = [...body.matchAll(/<sum1:IDFactura>\s*<sum1:IDEmisorFactura(Anulada)?>(.*?)<\/sum1:IDEmisorFactura(?:Anulada)?>\s*<sum1:NumSerieFactura(?:Anulada)?>(.*?)<\/sum1:NumSerieFactura(?:Anulada)?>\s*<sum1:FechaExpedicionFactura(?:Anulada)?>(.*?)<\/sum1:FechaExpedicionFactura(?:Anulada)?>/g)];
  const judged = records.map(([, cancelled, issuer = '', number = '', day = '']) => ({ operation: cancelled ? 'Anulacion' : 'Alta', issuer, number, day, ...judge(number) }));
  const accepted = judged.filter((line) => line.state !== 'Incorrecto').length;
  const outcome = accepted === judged.length ? 'Correcto' : accepted === 0 ? 'Incorrecto' : 'ParcialmenteCorrecto';
  const lines = judged
    .map(
      (line) =>
        `<tikR:RespuestaLinea><tikR:IDFactura><tik:IDEmisorFactura>${line.issuer}</tik:IDEmisorFactura><tik:NumSerieFactura>${line.number}</tik:NumSerieFactura><tik:FechaExpedicionFactura>${line.day}</tik:FechaExpedicionFactura></tikR:IDFactura>` +
        `<tikR:Operacion><tik:TipoOperacion>${line.operation}</tik:TipoOperacion></tikR:Operacion><tikR:EstadoRegistro>${line.state}</tikR:EstadoRegistro>` +
        (line.code ? `<tikR:CodigoErrorRegistro>${line.code}</tikR:CodigoErrorRegistro><tikR:DescripcionErrorRegistro>${line.description ?? ''}</tikR:DescripcionErrorRegistro>` : '') +
        '</tikR:RespuestaLinea>',
    )
    .join('');
  return soap(
    `<tikR:RespuestaRegFactuSistemaFacturacion xmlns:tikR="${responseNs}" xmlns:tik="${infoNs}">` +
      (accepted > 0 ? '<tikR:CSV>A-YDSW8NLFLANWPM</tikR:CSV>' : '') +
      '<tikR:DatosPresentacion><tik:NIFPresentador>B03123456</tik:NIFPresentador><tik:TimestampPresentacion>2026-11-29T10:00:00+01:00</tik:TimestampPresentacion></tikR:DatosPresentacion>' +
      '<tikR:Cabecera><tik:ObligadoEmision><tik:NombreRazon>Asesoría Palmeral S.L.</tik:NombreRazon><tik:NIF>B03123456</tik:NIF></tik:ObligadoEmision></tikR:Cabecera>' +
      `<tikR:TiempoEsperaEnvio>60</tikR:TiempoEsperaEnvio><tikR:EstadoEnvio>${outcome}</tikR:EstadoEnvio>${lines}</tikR:RespuestaRegFactuSistemaFacturacion>`,
  );
}

/**
 * The tax agency's service as a local HTTPS server: it asks for the client's certificate and
 * refuses any not signed by the test's CA, and answers each send as it was told, with the WSDL's
 * messages (Correcto, ParcialmenteCorrecto with an error line, a SOAP Fault), or never.
 */
export async function startFakeAgency(certificates: VerifactuCertificates): Promise<FakeAgency> {
  const received: ReceivedSend[] = [];
  const queue: AgencyBehaviour[] = [];
  const server: Server = createServer({ key: certificates.serverKey, cert: certificates.serverCert, ca: certificates.ca, requestCert: true, rejectUnauthorized: true }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const peer = (req.socket as TLSSocket).getPeerCertificate();
      const subject = peer.subject?.CN ?? '';
      const invoiceNumbers = [...body.matchAll(/<sum1:IDFactura>\s*<sum1:IDEmisorFactura(?:Anulada)?>.*?<\/sum1:IDEmisorFactura(?:Anulada)?>\s*<sum1:NumSerieFactura(?:Anulada)?>(.*?)<\/sum1:NumSerieFactura(?:Anulada)?>/g)].map(
        (match) => match[1] ?? '',
      );
      received.push({ body, clientSubject: Array.isArray(subject) ? subject.join(', ') : subject, invoiceNumbers });
      const behaviour = queue.shift() ?? 'correct';
      if (behaviour === 'silent') return;
      if (behaviour === 'fault') {
        res.writeHead(500, { 'content-type': 'text/xml; charset=utf-8' });
        res.end(soap('<env:Fault><faultcode>env:Client</faultcode><faultstring>Codigo[4102].El XML no cumple el esquema.</faultstring></env:Fault>'));
        return;
      }
      const judge = (number: string) =>
        behaviour !== 'correct' && number === behaviour.rejectNumber ? { state: 'Incorrecto', code: behaviour.code, description: behaviour.description } : { state: 'Correcto' };
      res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' });
      res.end(answer(body, judge));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP`,
    received,
    answerNext: (behaviour) => queue.push(behaviour),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
