import { constants, crc32, deflateRawSync } from 'node:zlib';

/** 1 January 2026 in MS-DOS form, the date every entry carries. */
const dosDate = ((2026 - 1980) << 9) | (1 << 5) | 1;

/** One file of a zip: its name, and its bytes as stored (deflated or not) with what they expand to. */
type ZipEntry = { name: string; method: 0 | 8; data: Buffer; crc: number; size: number };

const stored = (name: string, content: string | Buffer): ZipEntry => {
  const data = Buffer.from(content);
  return { name, method: 0, data, crc: crc32(data), size: data.length };
};

/** A zip as the usual tools write it: local headers and data, then the central directory and its end record. */
export function zipArchive(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt16LE(dosDate, 12);
    local.writeUInt32LE(entry.crc, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(entry.method, 10);
    central.writeUInt16LE(dosDate, 14);
    central.writeUInt32LE(entry.crc, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const contentTypes =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
  '</Types>';
const relationships =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
  '</Relationships>';
const documentXml =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
  '<w:body><w:p><w:r><w:t>Contrato de arrendamiento</w:t></w:r></w:p></w:body></w:document>';

/** The three parts Word needs to open a document, with any `extra` entries after them. */
function wordEntries(documentPadding = 0, extra: ZipEntry[] = []): ZipEntry[] {
  return [
    stored('[Content_Types].xml', contentTypes),
    stored('_rels/.rels', relationships),
    stored('word/document.xml', documentXml + '\n'.repeat(documentPadding)),
    ...extra,
  ];
}

/** A real, minimal Word document (the three parts a reader needs), of exactly `size` bytes when that is larger than the minimum. */
export function wordDocument(size = 2048): Buffer {
  const minimal = zipArchive(wordEntries());
  return minimal.length >= size ? minimal : zipArchive(wordEntries(size - minimal.length));
}

/** A Java archive: a zip with a manifest and a class, and no `[Content_Types].xml`. */
export function javaArchive(): Buffer {
  return zipArchive([
    stored('META-INF/MANIFEST.MF', 'Manifest-Version: 1.0\r\nMain-Class: Payload\r\n\r\n'),
    stored('Payload.class', Buffer.from([0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 0x34])),
  ]);
}

/** A Word document with one more entry whose name climbs out of the folder it is extracted into. */
export function wordDocumentWithEntry(name: string): Buffer {
  return zipArchive(wordEntries(0, [stored(name, '#!/bin/sh\necho owned\n')]));
}

const megabyte = 1024 * 1024;

/**
 * A Word document with one more part of `megabytes` MB of zeros, deflated (300 MB take about 300 KB):
 * each megabyte is deflated alone and flushed to a byte boundary, so the pieces chain into one
 * valid stream without the whole ever being in memory.
 */
export function wordDocumentBomb(megabytes = 300): Buffer {
  const zeros = Buffer.alloc(megabyte);
  const piece = deflateRawSync(zeros, { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const last = deflateRawSync(Buffer.alloc(0));
  let crc = 0;
  for (let index = 0; index < megabytes; index += 1) crc = crc32(zeros, crc);
  const data = Buffer.concat([...Array.from({ length: megabytes }, () => piece), last]);
  return zipArchive(wordEntries(0, [{ name: 'word/media/image1.bin', method: 8, data, crc, size: megabytes * megabyte }]));
}
