import zlib from 'node:zlib';

/**
 * A page the server drew, in each encoding a browser may take. @fastify/compress compresses the
 * answers of routes only, and pages are answered by the not-found handler; encoding them here, once
 * per drawing, also spares every later visit the work.
 */
export type EncodedPage = { identity: Buffer; br: Buffer; gzip: Buffer };
export type PageEncoding = keyof EncodedPage;

// Quality 6 encodes a 60 KB page in a few milliseconds, within a few per cent of the best ratio.
const brotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } };

export function encodePage(body: Buffer): EncodedPage {
  return { identity: body, br: zlib.brotliCompressSync(body, brotliOptions), gzip: zlib.gzipSync(body, { level: 6 }) };
}

/** The encoding to answer with: Brotli, then gzip, when the browser accepts it (a q of 0 refuses it). */
export function pageEncodingFor(acceptEncoding: string | undefined): PageEncoding {
  const accepted = new Set<string>();
  for (const item of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name = '', ...parameters] = item.split(';').map((part) => part.trim());
    const quality = parameters.find((parameter) => parameter.startsWith('q='));
    if (name && (quality === undefined || Number(quality.slice(2)) > 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
}
