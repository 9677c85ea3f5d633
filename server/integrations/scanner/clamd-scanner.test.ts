import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clamdMissing, eicar, eicarSignature, startClamd, type TestClamd } from '#server/test/clamd.ts';
import { sampleFiles } from '#server/test/multipart.ts';
import { createClamdScanner, ScannerError, type Scanner } from './clamd-scanner.ts';

if (clamdMissing) console.warn(`Skipped: ${clamdMissing}`);

/** Sends a file in chunks of `chunkSize` bytes, as an upload streams in, and asks for the verdict. */
async function scan(scanner: Scanner, file: Buffer, chunkSize = 64 * 1024) {
  const session = scanner.begin();
  for (let offset = 0; offset < file.length; offset += chunkSize) await session.write(file.subarray(offset, offset + chunkSize));
  return session.verdict();
}

describe.skipIf(clamdMissing)("clamd's INSTREAM protocol, against a real clamd", () => {
  let clamd: TestClamd;
  let scanner: Scanner;

  beforeAll(async () => {
    clamd = await startClamd();
    scanner = createClamdScanner({ path: clamd.socketPath });
  });
  afterAll(() => clamd.stop());

  it('calls a clean file clean, in one chunk or many', async () => {
    expect(await scan(scanner, sampleFiles.pdf(300_000))).toEqual({ isClean: true });
    expect(await scan(scanner, sampleFiles.pdf(300_000), 1000)).toEqual({ isClean: true });
  });

  it('names the signature of the EICAR test file, alone or inside a PDF split across chunks', async () => {
    expect(await scan(scanner, eicar)).toEqual({ isClean: false, signature: eicarSignature });
    const infectedPdf = Buffer.concat([sampleFiles.pdf(5000), eicar, sampleFiles.pdf(5000)]);
    expect(await scan(scanner, infectedPdf, 4990)).toEqual({ isClean: false, signature: eicarSignature });
  });

  it('speaks the same over TCP (CLAMD_SOCKET=tcp://host:port)', async () => {
    const overTcp = createClamdScanner({ host: '127.0.0.1', port: clamd.tcpPort });
    expect(await scan(overTcp, eicar)).toEqual({ isClean: false, signature: eicarSignature });
    expect(await scan(overTcp, sampleFiles.docx())).toEqual({ isClean: true });
  });

  it('scans files one connection each, side by side', async () => {
    const verdicts = await Promise.all([scan(scanner, eicar), scan(scanner, sampleFiles.png()), scan(scanner, eicar)]);
    expect(verdicts.map((verdict) => verdict.isClean)).toEqual([false, true, false]);
  });

  it("fails, never calls the file clean, when it passes clamd's StreamMaxLength", async () => {
    const megabyte = Buffer.alloc(1024 * 1024, 0x20);
    const session = scanner.begin();
    const sendAll = async () => {
      for (let sent = 0; sent < 13; sent += 1) await session.write(megabyte);
      return session.verdict();
    };
    // clamd says why and closes; when its close cuts one of our writes short, the broken pipe can
    // reach us before its reply is read (seen on a loaded machine): either way the scan fails.
    await expect(sendAll()).rejects.toThrow(/INSTREAM size limit exceeded|could not be reached or stopped answering/);
  });

  it('fails, never calls a file clean, when nothing listens on the socket', async () => {
    const nowhere = createClamdScanner({ path: path.join(os.tmpdir(), `no-clamd-${process.pid}.sock`) });
    await expect(scan(nowhere, sampleFiles.pdf())).rejects.toThrow(ScannerError);
  });
});
