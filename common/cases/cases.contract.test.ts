import { describe, expect, it } from 'vitest';
import { fileProblem } from '#common/intake/uploads.ts';
import { caseDisplayId, caseDocumentRule, caseIdFromDisplayId } from './cases.contract.ts';

describe('caseDisplayId', () => {
  it.each([
    [1, 'EXP-001'],
    [42, 'EXP-042'],
    [999, 'EXP-999'],
    [1234, 'EXP-1234'],
  ])('shows case %i as %s', (id, shown) => {
    expect(caseDisplayId(id)).toBe(shown);
  });
});

describe('the case document rule in the browser', () => {
  const megabyte = 1024 * 1024;
  it.each([
    [{ name: 'pasaporte.pdf', size: 10 * megabyte }, undefined],
    [{ name: 'foto.JPEG', size: 1000 }, undefined],
    [{ name: 'foto.png', size: 1000 }, undefined],
    [{ name: 'grande.pdf', size: 10 * megabyte + 1 }, 'cases:documents.errors.tooLarge'],
    [{ name: 'carta.docx', size: 1000 }, 'cases:documents.errors.type'],
    [{ name: 'factura.pdf.exe', size: 1000 }, 'cases:documents.errors.type'],
  ])('checks %o', (file, problem) => {
    expect(fileProblem(file, caseDocumentRule)).toBe(problem);
  });
});

describe('caseIdFromDisplayId', () => {
  it.each([
    ['EXP-001', 1],
    ['exp-042', 42],
    ['EXP-1234', 1234],
    ['EXP-000', null],
    ['EXP-1x', null],
    ['7', null],
  ])('reads %s as %s', (displayId, id) => {
    expect(caseIdFromDisplayId(displayId)).toBe(id);
  });
});
