import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pdfOfJpegs, type JpegPage } from './photo-pdf.ts';

// An 8 × 4 photo as Chromium's canvas encodes it (toDataURL('image/jpeg', 0.7)): blue, its top left quarter white.
const photo = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAAoHBwgHBgoICAgLCgoLDhgQDg0NDh0VFhEYIx8lJCIfIiEmKzcvJik0KSEiMEExNDk7Pj4+JS5ESUM8SDc9Pjv/2wBDAQoLCw4NDhwQEBw7KCIoOzs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozv/wAARCAAEAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAhEAAABAUFAAAAAAAAAAAAAAAAARITAgQFBhEUFSMyUf/EABUBAQEAAAAAAAAAAAAAAAAAAAUG/8QAGBEBAAMBAAAAAAAAAAAAAAAAAQACETH/2gAMAwEAAhEDEQA/AJus3JV7hZ3Wb1DCm+OCBKsZ6kXhAACjAqYQ9d7P/9k=',
  'base64',
);
const landscape: JpegPage = { jpeg: photo, width: 8, height: 4 };
// The same bytes declared upright, as a tall page would be: the writer takes the sizes it is given.
const upright: JpegPage = { jpeg: photo, width: 4, height: 8 };

const text = (pdf: Uint8Array) => Buffer.from(pdf).toString('latin1');

/** Each object's offset in the cross-reference table, checked against where the object really starts. */
function checkCrossReferences(pdf: Uint8Array) {
  const source = text(pdf);
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(source)?.[1]);
  expect(source.slice(startxref, startxref + 5)).toBe('xref\n');
  const [, count] = /^xref\n0 (\d+)\n/.exec(source.slice(startxref)) ?? [];
  const entries = source.slice(startxref).split('\n').slice(2, 2 + Number(count));
  expect(entries[0]).toBe('0000000000 65535 f ');
  entries.slice(1).forEach((entry, index) => {
    expect(entry).toMatch(/^\d{10} 00000 n $/);
    expect(source.slice(Number(entry.slice(0, 10))).startsWith(`${index + 1} 0 obj\n`)).toBe(true);
  });
  expect(source).toContain(`trailer\n<< /Size ${count} /Root 1 0 R >>`);
}

const hasPoppler = (() => {
  try {
    execFileSync('pdfinfo', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('the PDF of a photographed document', () => {
  const folder = mkdtempSync(join(tmpdir(), 'photo-pdf-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('starts as a PDF, has one page per photo in their order, and a cross-reference table that points at every object', () => {
    const pdf = pdfOfJpegs([landscape, upright, landscape]);
    expect(text(pdf).startsWith('%PDF-1.4\n%')).toBe(true);
    expect(text(pdf)).toContain('<< /Type /Pages /Kids [3 0 R 6 0 R 9 0 R] /Count 3 >>');
    expect(text(pdf).match(/\/Type \/Page\b(?!s)/g)).toHaveLength(3);
    // Each page the photo's shape, its long side an A4 sheet's 842 points.
    expect(text(pdf)).toContain('/MediaBox [0 0 842.00 421.00]');
    expect(text(pdf)).toContain('/MediaBox [0 0 421.00 842.00]');
    // The JPEG goes in untouched.
    expect(text(pdf).split(text(photo))).toHaveLength(4);
    checkCrossReferences(pdf);
  });

  it.skipIf(!hasPoppler)('is read back by poppler: three pages, three 8 × 4 JPEG images, and no complaint', () => {
    const file = join(folder, 'documento.pdf');
    writeFileSync(file, pdfOfJpegs([landscape, landscape, landscape]));
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(info).toMatch(/^Pages:\s+3$/m);
    expect(info).toMatch(/^Page size:\s+842 x 421 pts$/m);
    const images = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean);
    expect(images.map((line) => line.trim().split(/\s+/).slice(2, 9))).toEqual(
      Array.from({ length: 3 }, () => ['image', '8', '4', 'rgb', '3', '8', 'jpeg']),
    );
    // A broken offset or length would make poppler rebuild the table and say so on stderr.
    const rendered = execFileSync('pdftoppm', ['-r', '1', '-f', '1', '-l', '1', file, join(folder, 'page')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(rendered).toBe('');
  });
});
