import { randomUUID } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  extensionOf,
  fileKinds,
  kindForExtension,
  kindFromMagicBytes,
  magicBytesLength,
  uploadNameProblem,
  type FileKind,
  type UploadRule,
} from '#common/intake/uploads.ts';
import { AppError } from '#server/platform/app-error.ts';
import { isUnacceptableInput } from '#server/platform/security.ts';
import type { ScanSession, ScanVerdict } from '#server/integrations/scanner/clamd-scanner.ts';
import type { Storage } from '#server/integrations/storage/storage.ts';
import { wordPackageProblem, wordPackageTailBytes } from '#server/integrations/storage/word-package.ts';

/** One stored upload: the generated key, and what the client said about it kept as metadata only. */
export type StoredUpload = {
  storageKey: string;
  originalName: string;
  contentType: string;
  sizeBytes: number;
};

/** Text fields are small: a few dozen fields of at most 100 kB each. */
const fieldLimits = { fieldNameSize: 100, fieldSize: 100_000, fields: 30 };
const fieldsAllowance = fieldLimits.fields * fieldLimits.fieldSize;

function uploadError(code: 'validation' | 'payloadTooLarge' | 'unsupportedMediaType', messageKey: string): AppError {
  return new AppError(code, messageKey);
}

/**
 * Parses multipart text fields with a form's contract; a failure is the same translated 400 with
 * field issues that a route's body schema gives.
 */
export function parseFormFields<S extends z.ZodType>(schema: S, values: Record<string, unknown>): z.infer<S> {
  const validate = validatorCompiler({ schema, method: 'POST', url: '', httpPart: 'body' });
  const result = validate(values) as { value?: z.infer<S>; error?: unknown[] };
  if (result.error) throw Object.assign(new Error('validation'), { statusCode: 400, validation: result.error });
  return result.value as z.infer<S>;
}

/** The file being checked, named in the log lines of its refusal. */
type InspectedFile = { kind: FileKind; fileName: string; log: FastifyBaseLogger };

/** A file's last bytes as it streams by: where a zip keeps its table of contents. */
class StreamTail {
  private chunks: Buffer[] = [];
  private length = 0;

  constructor(private readonly limit: number) {}

  add(chunk: Buffer) {
    this.chunks.push(chunk);
    this.length += chunk.length;
    while (this.chunks.length > 1 && this.length - (this.chunks[0]?.length ?? 0) >= this.limit) {
      this.length -= this.chunks.shift()?.length ?? 0;
    }
  }

  bytes(): Buffer {
    const all = Buffer.concat(this.chunks);
    return all.subarray(Math.max(0, all.length - this.limit));
  }
}

/**
 * Passes a file through while checking it: its first bytes must announce the kind its extension
 * names, it must not be empty, and it must not pass the rule's size (busboy's `limit` stops it too);
 * a .docx must also be a Word package within its limits, read from its last bytes once all have passed.
 * With a scanner, every byte also goes to clamd, and the stream ends only once clamd has called the
 * file clean: a flagged or unchecked file fails the stream, so storage never completes it.
 */
class UploadInspector extends Transform {
  private head = Buffer.alloc(0);
  private isChecked = false;
  private readonly tail: StreamTail | undefined;
  size = 0;

  constructor(
    private readonly file: InspectedFile,
    private readonly rule: UploadRule,
    private readonly scan: ScanSession | undefined,
  ) {
    super();
    this.tail = file.kind === 'docx' ? new StreamTail(wordPackageTailBytes) : undefined;
  }

  private check(): Error | undefined {
    if (kindFromMagicBytes(this.head, { kinds: [this.file.kind] }) !== this.file.kind) {
      return uploadError('unsupportedMediaType', this.rule.messages.type);
    }
    this.isChecked = true;
    return undefined;
  }

  /** Hands checked bytes on, to clamd first when there is one. */
  private pass(chunk: Buffer, callback: TransformCallback) {
    if (!this.scan) return callback(null, chunk);
    this.scan.write(chunk).then(
      () => callback(null, chunk),
      (error: unknown) => callback(this.scanFailure(error)),
    );
  }

  private scanFailure(error: unknown): AppError {
    this.file.log.error({ err: error }, 'upload refused: the virus scanner could not check it');
    return new AppError('scanUnavailable');
  }

  private async verdict(): Promise<Error | undefined> {
    if (!this.scan) return undefined;
    const { fileName, log } = this.file;
    let verdict: ScanVerdict;
    try {
      verdict = await this.scan.verdict();
    } catch (error) {
      return this.scanFailure(error);
    }
    if (verdict.isClean) return undefined;
    log.warn({ signature: verdict.signature, fileName, sizeBytes: this.size }, 'upload refused: the virus scanner flagged it');
    return new AppError('fileInfected', 'errors:fileInfected', {}, { name: fileName });
  }

  /** A .docx that is any other zip, or one whose declared contents are out of bounds, is refused as a wrong type. */
  private packageRefusal(): Error | undefined {
    if (!this.tail) return undefined;
    const problem = wordPackageProblem(this.tail.bytes(), this.size);
    if (!problem) return undefined;
    this.file.log.warn({ reason: problem, fileName: this.file.fileName, sizeBytes: this.size }, 'upload refused: not a Word document');
    return uploadError('unsupportedMediaType', this.rule.messages.type);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.size += chunk.length;
    this.tail?.add(chunk);
    if (this.size > this.rule.maxBytes) return callback(uploadError('payloadTooLarge', this.rule.messages.tooLarge));
    if (this.isChecked) return this.pass(chunk, callback);
    this.head = Buffer.concat([this.head, chunk]);
    if (this.head.length < magicBytesLength) return callback();
    const error = this.check();
    if (error) return callback(error);
    this.pass(this.head, callback);
  }

  override _flush(callback: TransformCallback) {
    if (this.size === 0) return callback(uploadError('validation', 'intake:uploads.empty'));
    // A file shorter than the magic bytes is still held back: checked and handed on only now.
    const rest = this.isChecked ? undefined : this.head;
    if (rest) {
      const error = this.check();
      if (error) return callback(error);
    }
    const finish = async () => {
      if (rest) {
        await this.scan?.write(rest);
        this.push(rest);
      }
      return this.packageRefusal() ?? this.verdict();
    };
    finish().then(
      (refusal) => callback(refusal),
      (failure: unknown) => callback(this.scanFailure(failure)),
    );
  }
}

/** A new file's key: `<prefix>/<year>/<month>/<uuid>.<extension>`, never a client's name. */
export function newStorageKey(prefix: string, extension: string): string {
  const now = new Date();
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${prefix}/${now.getUTCFullYear()}/${month}/${randomUUID()}.${extension}`;
}

/** The client's file name as metadata (control characters were refused): normalised, at most 255 characters. */
function displayName(name: string): string {
  return name.normalize('NFC').slice(0, 255);
}

async function storePart(request: FastifyRequest, part: MultipartFile, rule: UploadRule, prefix: string, storage: Storage): Promise<StoredUpload | undefined> {
  // A form whose file input is left empty sends a nameless, empty part.
  if (part.filename === '') {
    part.file.resume();
    return undefined;
  }
  const problem = uploadNameProblem(part.filename, rule);
  if (problem === 'invalidName') throw uploadError('validation', 'intake:uploads.invalidName');
  const kind = problem ? undefined : kindForExtension(extensionOf(part.filename), rule);
  if (!kind) throw uploadError('unsupportedMediaType', rule.messages.type);

  const key = newStorageKey(prefix, fileKinds[kind].extensions[0] ?? kind);
  const { scanner } = request.server;
  const scan = scanner?.begin();
  const inspector = new UploadInspector({ kind, fileName: displayName(part.filename), log: request.log }, rule, scan);
  part.file.once('limit', () => inspector.destroy(uploadError('payloadTooLarge', rule.messages.tooLarge)));
  const contentType = fileKinds[kind].contentType;
  // Both settle before anything is cleaned up: storage removes its own partial file first.
  const results = await Promise.allSettled([pipeline(part.file, inspector), storage.put(key, inspector, contentType)]);
  const failures = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
  if (failures.length > 0) {
    scan?.abort();
    await storage.remove(key).catch(() => {});
    throw failures.find((failure) => failure instanceof AppError) ?? failures[0];
  }
  if (part.file.truncated) {
    await storage.remove(key);
    throw uploadError('payloadTooLarge', rule.messages.tooLarge);
  }
  return { storageKey: key, originalName: displayName(part.filename), contentType, sizeBytes: inspector.size };
}

/** Busboy's own complaints about a malformed body carry no status: they are the client's mistake. */
function isParserError(error: unknown): boolean {
  return error instanceof Error && !(error instanceof AppError) && !('statusCode' in error) && !('code' in error);
}

function isMultipartLimit(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}

export type UploadForm<T> = { values: T; uploads: StoredUpload[] };

/**
 * Reads a multipart form as it streams in: text fields first, parsed by `parseFields` (the form's
 * contract) as soon as the first file arrives; each file checked by name, magic bytes and size
 * while it is written to storage under a generated key, and by the app's virus scanner when
 * CLAMD_SOCKET is set (every upload route reads its files here, so none can skip the scan).
 * On any failure every file already stored
 * is removed, and the connection is closed so the rest of the body is never read.
 */
export async function readUploadForm<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { rule: UploadRule; keyPrefix: string; storage: Storage; parseFields: (fields: Record<string, string>) => T },
): Promise<UploadForm<T>> {
  const { rule, keyPrefix, storage, parseFields } = options;
  if (!request.isMultipart()) throw new AppError('unsupportedMediaType');
  const declaredLength = Number(request.headers['content-length'] ?? 0);
  if (declaredLength > rule.maxFiles * rule.maxBytes + fieldsAllowance) {
    reply.header('connection', 'close');
    throw uploadError('payloadTooLarge', rule.messages.tooLarge);
  }

  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  const uploads: StoredUpload[] = [];
  let values: T | undefined;
  try {
    // Sizes are checked here rather than thrown by the plugin (registered with throwFileSizeLimit: false).
    const parts = request.parts({
      // The client's full name, so a name with a path is refused instead of silently cut.
      preservePath: true,
      limits: { ...fieldLimits, fileSize: rule.maxBytes, files: rule.maxFiles, parts: fieldLimits.fields + rule.maxFiles },
    });
    for (;;) {
      const next = await parts.next().catch((error: unknown) => {
        throw isParserError(error) ? new AppError('validation') : error;
      });
      if (next.done) break;
      const part = next.value;
      if (part.type === 'field') {
        if (values !== undefined) continue;
        if (part.valueTruncated) throw new AppError('validation', 'validation:tooLong');
        if (isUnacceptableInput(part.value)) throw new AppError('validation');
        if (typeof part.value === 'string' && !(part.fieldname in fields)) fields[part.fieldname] = part.value;
        continue;
      }
      values ??= parseFields(fields);
      const upload = await storePart(request, part, rule, keyPrefix, storage);
      if (upload) uploads.push(upload);
    }
    values ??= parseFields(fields);
    return { values, uploads };
  } catch (error) {
    reply.header('connection', 'close');
    await Promise.all(uploads.map((upload) => storage.remove(upload.storageKey).catch(() => {})));
    if (isMultipartLimit(error, 'FST_FILES_LIMIT')) throw uploadError('validation', rule.messages.tooMany);
    if (isMultipartLimit(error, 'FST_PARTS_LIMIT') || isMultipartLimit(error, 'FST_FIELDS_LIMIT')) {
      throw uploadError('payloadTooLarge', 'errors:payloadTooLarge');
    }
    if (error instanceof AppError || (error as { validation?: unknown }).validation) throw error;
    if (isMultipartLimit(error, 'FST_REQ_FILE_TOO_LARGE')) throw uploadError('payloadTooLarge', rule.messages.tooLarge);
    // A body cut inside a file fails the file's own stream rather than the parts' iterator.
    if (isParserError(error)) throw new AppError('validation');
    throw error;
  }
}
