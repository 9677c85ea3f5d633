import { describe, expect, it } from 'vitest';
import { javaArchive, wordDocument, wordDocumentBomb, wordDocumentWithEntry, zipArchive } from '#server/test/word-documents.ts';
import { wordPackageLimits, wordPackageProblem, wordPackageTailBytes } from './word-package.ts';

/** What the upload reader hands over: the file's last bytes and its length. */
const problemOf = (file: Buffer) => wordPackageProblem(file.subarray(Math.max(0, file.length - wordPackageTailBytes)), file.length);

describe('a .docx is a Word package, read from its central directory', () => {
  it('accepts a real Word document, small or padded', () => {
    expect(problemOf(wordDocument(10))).toBeUndefined();
    expect(problemOf(wordDocument(200_000))).toBeUndefined();
  });

  it('refuses any other zip: a Java archive has no [Content_Types].xml', () => {
    expect(problemOf(javaArchive())).toBe('notWordDocument');
  });

  it('refuses 300 MB of zeros compressed into 300 KB by the sizes the archive declares', () => {
    const bomb = wordDocumentBomb(300);
    expect(bomb.length).toBeLessThan(400_000);
    expect(problemOf(bomb)).toBe('tooLarge');
    expect(problemOf(wordDocumentBomb(wordPackageLimits.maxExpandedBytes / (1024 * 1024) - 1))).toBeUndefined();
  });

  it.each(['../../../etc/cron.d/owned', 'word/../../evil.sh', '/etc/passwd', 'C:/Windows/evil.dll', 'word\\..\\evil.dll'])('refuses an entry named %s', (name) => {
    expect(problemOf(wordDocumentWithEntry(name))).toBe('unsafeName');
  });

  it('refuses more entries than a document has', () => {
    const entries = Array.from({ length: wordPackageLimits.maxEntries + 1 }, (_, index) => ({ name: `word/p${index}.xml`, method: 0 as const, data: Buffer.from('x'), crc: 0, size: 1 }));
    expect(problemOf(zipArchive(entries))).toBe('tooManyEntries');
  });

  it('refuses declarations that disagree: a stored entry whose sizes differ, entries sharing their bytes, a directory not where the end record says', () => {
    const base = wordDocument();
    const entry = (name: string, data: Buffer, size = data.length) => ({ name, method: 0 as const, data, crc: 0, size });
    expect(problemOf(zipArchive([entry('[Content_Types].xml', Buffer.from('<Types/>')), entry('word/document.xml', Buffer.from('<w/>'), 10_000)]))).toBe('sizeMismatch');

    // Two entries of the central directory pointing at one local entry.
    const shared = Buffer.from(base);
    const directoryOffset = shared.readUInt32LE(shared.length - 6);
    const second = directoryOffset + 46 + '[Content_Types].xml'.length;
    shared.writeUInt32LE(0, second + 42);
    expect(problemOf(shared)).toBe('overlappingEntries');

    const moved = Buffer.from(base);
    moved.writeUInt32LE(directoryOffset - 1, moved.length - 6);
    expect(problemOf(moved)).toBe('centralDirectoryMismatch');

    const counted = Buffer.from(base);
    counted.writeUInt16LE(2, counted.length - 12);
    counted.writeUInt16LE(2, counted.length - 14);
    expect(problemOf(counted)).toBe('centralDirectoryMismatch');
  });

  it('refuses an encrypted entry, and a method Office never writes', () => {
    const base = wordDocument();
    const directoryOffset = base.readUInt32LE(base.length - 6);
    const encrypted = Buffer.from(base);
    encrypted.writeUInt16LE(encrypted.readUInt16LE(directoryOffset + 8) | 1, directoryOffset + 8);
    expect(problemOf(encrypted)).toBe('encrypted');
    const bzip2 = Buffer.from(base);
    bzip2.writeUInt16LE(12, directoryOffset + 10);
    expect(problemOf(bzip2)).toBe('unsupportedMethod');
  });

  it('refuses a file that only starts like a zip, or is cut before its end', () => {
    const base = wordDocument();
    expect(problemOf(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(2000, 0x20)]))).toBe('noEndRecord');
    expect(problemOf(base.subarray(0, base.length - 10))).toBe('noEndRecord');
    expect(problemOf(Buffer.concat([base, Buffer.from('trailing')]))).toBe('noEndRecord');
  });
});
