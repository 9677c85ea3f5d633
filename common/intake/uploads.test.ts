import { describe, expect, it } from 'vitest';
import { fileProblem, kindFromMagicBytes, quoteDocumentsRule, requestDocumentRule, uploadNameProblem } from './uploads.ts';

describe('upload names', () => {
  it.each(['pasaporte.pdf', 'Acta de nacimiento.JPG', 'foto.jpeg', 'scan.png', 'contrato v1.2.docx', 'antiguo.doc', 'J. García.pdf'])(
    'accepts %s for the quote page',
    (name) => expect(uploadNameProblem(name, quoteDocumentsRule)).toBeUndefined(),
  );

  it.each([
    ['factura.pdf.exe', 'type'],
    ['foto.php.jpg', 'type'],
    ['carta.exe.pdf', 'type'],
    ['setup.exe', 'type'],
    ['sin-extension', 'type'],
    ['../secreto.pdf', 'invalidName'],
    ['..\\secreto.pdf', 'invalidName'],
    ['/etc/passwd.pdf', 'invalidName'],
    ['nulo\u0000.pdf', 'invalidName'],
    ['factura\u202Efdp.exe.pdf', 'invalidName'],
    ['pasaporte\u2066.pdf', 'invalidName'],
    ['.pdf', 'invalidName'],
    ['', 'invalidName'],
    [`${'a'.repeat(260)}.pdf`, 'invalidName'],
  ])('refuses %s (%s)', (name, problem) => expect(uploadNameProblem(name, quoteDocumentsRule)).toBe(problem));

  it('keeps Word documents out of the services page form', () => {
    expect(uploadNameProblem('carta.docx', requestDocumentRule)).toBe('type');
  });
});

describe('magic bytes', () => {
  it.each([
    [[0x25, 0x50, 0x44, 0x46, 0x2d, 0x31], 'pdf'],
    [[0xff, 0xd8, 0xff, 0xe0], 'jpeg'],
    [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'png'],
    [[0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], 'doc'],
    [[0x50, 0x4b, 0x03, 0x04, 0x14, 0x00], 'docx'],
    [[0x4d, 0x5a, 0x90, 0x00], undefined],
    [[0x25, 0x50, 0x44], undefined],
  ])('reads %o as %s', (bytes, kind) => {
    expect(kindFromMagicBytes(Uint8Array.from(bytes), quoteDocumentsRule)).toBe(kind);
  });
});

describe('the check the web makes before sending', () => {
  it('gives the form message for each problem', () => {
    expect(fileProblem({ name: 'a.pdf', size: 100 }, requestDocumentRule)).toBeUndefined();
    expect(fileProblem({ name: 'a.pdf', size: 0 }, requestDocumentRule)).toBe('intake:uploads.empty');
    expect(fileProblem({ name: 'a.pdf', size: 5 * 1024 * 1024 + 1 }, requestDocumentRule)).toBe('translations:uploads.request.tooLarge');
    expect(fileProblem({ name: 'a.docx', size: 100 }, requestDocumentRule)).toBe('translations:uploads.request.type');
    expect(fileProblem({ name: 'a/b.pdf', size: 100 }, requestDocumentRule)).toBe('intake:uploads.invalidName');
  });
});
