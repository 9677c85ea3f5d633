import { request } from 'node:https';
import type { VerifactuConfig } from '#server/config/env.ts';

/** How the agency judged one record of a send (EstadoRegistro), with its error when it has one. */
export type AgencyLine = {
  /** TipoOperacion: the record of an invoice's issue or of its cancellation. */
  operation: 'Alta' | 'Anulacion';
  NumSerieFactura: string;
  FechaExpedicionFactura: string;
  state: 'Correcto' | 'AceptadoConErrores' | 'Incorrecto';
  errorCode: string | null;
  errorDescription: string | null;
};

/** The agency's answer to a send (RespuestaRegFactuSistemaFacturacion). */
export type AgencyAnswer = {
  outcome: 'Correcto' | 'ParcialmenteCorrecto' | 'Incorrecto';
  /** The send's secure verification code, given when at least one record was accepted. */
  csv: string | null;
  /** TiempoEsperaEnvio: seconds to wait before the next send. */
  waitSeconds: number;
  lines: AgencyLine[];
};

/** A send that got no answer to judge: no connection, a timeout, an HTTP error or a SOAP Fault. Nothing of it was registered. */
export class AgencyFailure extends Error {
  override name = 'AgencyFailure';
}

export type AgencyClient = { send: (regFactu: string) => Promise<AgencyAnswer> };

/** How long a send may take before it is given up and retried later. */
const defaultTimeoutMs = 60_000;

const decode = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();

/** The contents of every element of this local name, whatever its namespace prefix. The agency's answers are flat and small. */
function elements(xml: string, name: string): string[] {
  const pattern = new RegExp(`<(?:[\\w.-]+:)?${name}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:[\\w.-]+:)?${name}>`, 'g');
  return [...xml.matchAll(pattern)].map((match) => match[1] ?? '');
}

const first = (xml: string, name: string): string | null => {
  const [value] = elements(xml, name);
  return value === undefined ? null : decode(value);
};

const outcomes = ['Correcto', 'ParcialmenteCorrecto', 'Incorrecto'] as const;
const lineStates = ['Correcto', 'AceptadoConErrores', 'Incorrecto'] as const;
const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T => value !== null && (values as readonly string[]).includes(value);

/** Reads the agency's SOAP answer: its judgement of the send and of each record, or the Fault it returned. */
export function parseAgencyAnswer(xml: string): AgencyAnswer {
  const [fault] = elements(xml, 'Fault');
  if (fault !== undefined) throw new AgencyFailure(`SOAP Fault: ${first(fault, 'faultstring') ?? first(fault, 'faultcode') ?? 'no reason given'}`);
  const [answer] = elements(xml, 'RespuestaRegFactuSistemaFacturacion');
  const outcome = answer === undefined ? null : first(answer, 'EstadoEnvio');
  if (answer === undefined || !isOneOf(outcomes, outcome)) throw new AgencyFailure('the answer is not a RespuestaRegFactuSistemaFacturacion');
  const wait = Number(first(answer, 'TiempoEsperaEnvio'));
  const lines = elements(answer, 'RespuestaLinea').map((line): AgencyLine => {
    const state = first(line, 'EstadoRegistro');
    if (!isOneOf(lineStates, state)) throw new AgencyFailure(`unknown EstadoRegistro ${String(state)}`);
    const [id = ''] = elements(line, 'IDFactura');
    return {
      operation: first(line, 'TipoOperacion') === 'Anulacion' ? 'Anulacion' : 'Alta',
      NumSerieFactura: first(id, 'NumSerieFactura') ?? '',
      FechaExpedicionFactura: first(id, 'FechaExpedicionFactura') ?? '',
      state,
      errorCode: first(line, 'CodigoErrorRegistro'),
      errorDescription: first(line, 'DescripcionErrorRegistro'),
    };
  });
  return { outcome, csv: first(answer, 'CSV'), waitSeconds: Number.isFinite(wait) && wait > 0 ? wait : 60, lines };
}

/** The SOAP 1.1 envelope of the service's one operation, RegFactuSistemaFacturacion, around its message. */
function envelope(regFactu: string): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/">',
    '<soapenv:Header/>',
    '<soapenv:Body>',
    regFactu,
    '</soapenv:Body>',
    '</soapenv:Envelope>',
  ].join('\n');
}

/**
 * The client of the agency's web service (the WSDL's `sfVerifactu` binding, SOAP 1.1 over HTTPS),
 * authenticated by the firm's certificate in mutual TLS. One POST per send; whatever is not a
 * readable answer is an AgencyFailure.
 */
export function createAgencyClient(config: VerifactuConfig): AgencyClient {
  const timeoutMs = config.timeoutMs ?? defaultTimeoutMs;
  return {
    send: (regFactu) =>
      new Promise<AgencyAnswer>((resolve, reject) => {
        const body = Buffer.from(envelope(regFactu), 'utf8');
        const req = request(
          config.endpoint,
          {
            method: 'POST',
            pfx: config.pfx,
            passphrase: config.passphrase,
            ...(config.ca ? { ca: config.ca } : {}),
            headers: { 'content-type': 'text/xml; charset=utf-8', 'content-length': body.length, soapaction: '""' },
            timeout: timeoutMs,
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('error', (error) => reject(new AgencyFailure(error.message)));
            res.on('end', () => {
              const text = Buffer.concat(chunks).toString('utf8');
              try {
                const answer = parseAgencyAnswer(text);
                resolve(answer);
              } catch (error) {
                const reason = error instanceof Error ? error.message : String(error);
                reject(new AgencyFailure(res.statusCode && res.statusCode >= 400 && !text.includes('Fault>') ? `HTTP ${res.statusCode}` : reason));
              }
            });
          },
        );
        req.on('timeout', () => req.destroy(new AgencyFailure(`no answer within ${timeoutMs} ms`)));
        req.on('error', (error) => reject(error instanceof AgencyFailure ? error : new AgencyFailure(error.message)));
        req.end(body);
      }),
  };
}
