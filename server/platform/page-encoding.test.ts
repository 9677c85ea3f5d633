import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodePage, pageEncodingFor } from './page-encoding.ts';

describe('a drawn page in the encodings a browser takes', () => {
  it('prefers Brotli, then gzip, and refuses what a q of 0 refuses', () => {
    expect(pageEncodingFor('gzip, deflate, br, zstd')).toBe('br');
    expect(pageEncodingFor('gzip, deflate')).toBe('gzip');
    expect(pageEncodingFor('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pageEncodingFor('BR ; q=1')).toBe('br');
    expect(pageEncodingFor('*')).toBe('gzip');
    expect(pageEncodingFor('identity')).toBe('identity');
    expect(pageEncodingFor('br;q=0,gzip;q=0.0')).toBe('identity');
    expect(pageEncodingFor(undefined)).toBe('identity');
  });

  it('gives back the same bytes, smaller, whichever the encoding', () => {
    const body = Buffer.from(`<!doctype html><p>${'Tu asesoría de extranjería en Elche. '.repeat(400)}</p>`);
    const page = encodePage(body);
    expect(page.identity).toBe(body);
    expect(zlib.brotliDecompressSync(page.br).equals(body)).toBe(true);
    expect(zlib.gunzipSync(page.gzip).equals(body)).toBe(true);
    expect(page.br.length).toBeLessThan(body.length / 10);
    expect(page.gzip.length).toBeLessThan(body.length / 10);
  });
});
