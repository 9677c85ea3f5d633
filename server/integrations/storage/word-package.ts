/**
 * Whether a file named .docx is a Word document (an Office Open XML package) rather than any zip: a
 * renamed .jar or a zip bomb starts with the same four bytes. Read from the zip's central directory
 * alone (the file's last bytes), never by inflating anything: the sizes checked are the ones the
 * archive declares, and every declaration must agree with the others and with the file's length.
 */

/** Far above any Word document (a long one with pictures holds a few hundred parts, a few dozen MB expanded). */
export const wordPackageLimits = {
  maxEntries: 1000,
  maxExpandedBytes: 100 * 1024 * 1024,
  maxCentralDirectoryBytes: 1024 * 1024,
};

const endRecordLength = 22;
const maxCommentLength = 0xffff;
const centralHeaderLength = 46;
const localHeaderLength = 30;
const signatures = { end: 0x06054b50, central: 0x02014b50, zip64Locator: 0x07064b50 };
/** Stored and deflated: the only methods Office writes. */
const acceptedMethods = new Set([0, 8]);
const encryptedFlag = 0x1;

/** How many of a file's last bytes hold its end record and central directory, when it is within the limits. */
export const wordPackageTailBytes = wordPackageLimits.maxCentralDirectoryBytes + endRecordLength + maxCommentLength;

export type WordPackageProblem =
  | 'noEndRecord'
  | 'zip64'
  | 'multipleDisks'
  | 'tooManyEntries'
  | 'centralDirectoryMismatch'
  | 'encrypted'
  | 'unsupportedMethod'
  | 'sizeMismatch'
  | 'unsafeName'
  | 'duplicateName'
  | 'overlappingEntries'
  | 'tooLarge'
  | 'notWordDocument';

type Entry = { name: string; localOffset: number; span: number };

/** A name that would land outside the folder it is extracted into, or means something else on Windows. */
function isUnsafeName(name: string): boolean {
  if (name === '' || name.includes('\0') || name.includes('\\')) return true;
  if (name.startsWith('/') || /^[a-z]:/i.test(name)) return true;
  return name.split('/').some((segment) => segment === '..');
}

/** The end of central directory record: the last signature whose comment runs exactly to the file's end. */
function endRecordAt(tail: Buffer): number | undefined {
  const lowest = Math.max(0, tail.length - endRecordLength - maxCommentLength);
  for (let at = tail.length - endRecordLength; at >= lowest; at -= 1) {
    if (tail.readUInt32LE(at) === signatures.end && at + endRecordLength + tail.readUInt16LE(at + 20) === tail.length) return at;
  }
  return undefined;
}

/**
 * What is wrong with a .docx, or undefined for a Word package within the limits. `tail` is the file's
 * last `wordPackageTailBytes` bytes (all of it when shorter), `fileSize` its whole length.
 */
export function wordPackageProblem(tail: Buffer, fileSize: number): WordPackageProblem | undefined {
  const tailStart = fileSize - tail.length;
  const end = endRecordAt(tail);
  if (end === undefined) return 'noEndRecord';
  if (end >= 20 && tail.readUInt32LE(end - 20) === signatures.zip64Locator) return 'zip64';
  const disk = tail.readUInt16LE(end + 4);
  const directoryDisk = tail.readUInt16LE(end + 6);
  const entriesOnDisk = tail.readUInt16LE(end + 8);
  const entryCount = tail.readUInt16LE(end + 10);
  const directorySize = tail.readUInt32LE(end + 12);
  const directoryOffset = tail.readUInt32LE(end + 16);
  if (entryCount === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) return 'zip64';
  if (disk !== 0 || directoryDisk !== 0 || entriesOnDisk !== entryCount) return 'multipleDisks';
  if (entryCount > wordPackageLimits.maxEntries || directorySize > wordPackageLimits.maxCentralDirectoryBytes) return 'tooManyEntries';
  // The directory ends where the end record begins, and lies inside the bytes kept.
  if (directoryOffset + directorySize !== tailStart + end || directoryOffset < tailStart) return 'centralDirectoryMismatch';

  const entries: Entry[] = [];
  const names = new Set<string>();
  let expanded = 0;
  let at = directoryOffset - tailStart;
  for (let index = 0; index < entryCount; index += 1) {
    if (at + centralHeaderLength > end || tail.readUInt32LE(at) !== signatures.central) return 'centralDirectoryMismatch';
    const flags = tail.readUInt16LE(at + 8);
    const method = tail.readUInt16LE(at + 10);
    const compressed = tail.readUInt32LE(at + 20);
    const uncompressed = tail.readUInt32LE(at + 24);
    const nameLength = tail.readUInt16LE(at + 28);
    const headerLength = centralHeaderLength + nameLength + tail.readUInt16LE(at + 30) + tail.readUInt16LE(at + 32);
    const localOffset = tail.readUInt32LE(at + 42);
    if (at + headerLength > end) return 'centralDirectoryMismatch';
    if (compressed === 0xffffffff || uncompressed === 0xffffffff || localOffset === 0xffffffff) return 'zip64';
    if (flags & encryptedFlag) return 'encrypted';
    if (!acceptedMethods.has(method)) return 'unsupportedMethod';
    if (method === 0 && compressed !== uncompressed) return 'sizeMismatch';
    // Office writes UTF-8 names; any other encoding only needs its ASCII read here ('..', '/', '[Content_Types].xml').
    const name = tail.toString('utf8', at + centralHeaderLength, at + centralHeaderLength + nameLength);
    if (isUnsafeName(name)) return 'unsafeName';
    if (names.has(name)) return 'duplicateName';
    names.add(name);
    expanded += uncompressed;
    if (expanded > wordPackageLimits.maxExpandedBytes) return 'tooLarge';
    entries.push({ name, localOffset, span: localHeaderLength + nameLength + compressed });
    at += headerLength;
  }
  if (at !== end) return 'centralDirectoryMismatch';

  // Each entry's data is its own: entries sharing bytes are how the smallest zip bombs repeat one payload.
  entries.sort((a, b) => a.localOffset - b.localOffset);
  let covered = 0;
  for (const entry of entries) {
    if (entry.localOffset < covered) return 'overlappingEntries';
    covered = entry.localOffset + entry.span;
  }
  const first = entries[0];
  if (covered > directoryOffset || (first && first.localOffset !== 0)) return 'overlappingEntries';

  if (!names.has('[Content_Types].xml') || ![...names].some((name) => name.startsWith('word/'))) return 'notWordDocument';
  return undefined;
}
