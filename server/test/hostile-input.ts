import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { firmDay } from '#common/dates.ts';
import { honeypotField } from '#common/intake/fields.ts';
import type { UploadRule } from '#common/intake/uploads.ts';
import { isUnacceptableInput, maxInputDepth } from '#server/platform/security.ts';
import { multipartBody, sampleFiles, type FormPart } from './multipart.ts';
import { javaArchive, wordDocumentBomb, wordDocumentWithEntry } from './word-documents.ts';

/**
 * Hostile requests generated from a route's zod schemas: a valid base value made from the schema,
 * then one mutation at a time (a field missing, of the wrong type, too long, a NUL, a bidi mark,
 * SQL and script text, extreme numbers, deep nesting), and the body itself broken (invalid JSON,
 * other content types, too large). The contract is the oracle: a mutation the schema refuses must
 * be refused by the route; one it accepts (SQL text in a free-text field) may be served.
 */

/** The parts of JSON Schema (z.toJSONSchema, input side) the generator reads. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
};

export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Text the schemas allow in free-text fields but a careless server would interpret; `marker` finds it stored. */
const hostileTexts: ((marker: string) => string)[] = [
  (marker) => `Robert'); DROP TABLE users; -- ${marker}`,
  (marker) => `x' OR '1'='1 ${marker}`,
  (marker) => `<script>alert('${marker}')</script>`,
  (marker) => `<img src=x onerror=alert(1)> ${marker}`,
  (marker) => `{{constructor.constructor('${marker}')()}} \${7*7}`,
  (marker) => `factura\u202Efdp.exe ${marker}`,
];

const day = 24 * 60 * 60 * 1000;
/** A day a month on, on which every date field of the site is in the future and inside its window. */
const sampleDay = () => firmDay(new Date(Date.now() + 30 * day));

/** What a field of this name holds, for strings the schema alone does not say enough about. */
function textByName(name: string): string[] {
  const key = name.toLowerCase();
  if (key.includes('email')) return ['ana.garcia@example.com'];
  if (key.includes('phone') || key.includes('whatsapp')) return ['+34600123456', '600123456'];
  if (key.includes('url') || key.includes('link')) return ['https://meet.example.com/abc-defg-hij'];
  if (key.includes('sessionid')) return [`test_${randomUUID()}`];
  if (key.includes('time') || key === 'from' || key === 'to' || key === 'start' || key === 'end') return ['10:00', sampleDay()];
  if (key.includes('password')) return ['Elche-Hostil-2026!'];
  if (key.includes('iban')) return ['ES9121000418450200051332'];
  if (key.includes('nie') || key.includes('document')) return ['X1234567L'];
  return ['Texto de prueba'];
}

function fitLength(text: string, schema: JsonSchema): string {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Number.POSITIVE_INFINITY;
  const padded = text.length < min ? text.padEnd(min, 'x') : text;
  return padded.slice(0, max);
}

function sampleString(schema: JsonSchema, name: string): string {
  if (schema.format === 'uuid') return randomUUID();
  if (schema.format === 'date') return sampleDay();
  if (schema.format === 'date-time') return `${sampleDay()}T10:00:00.000Z`;
  if (schema.format === 'email') return 'ana.garcia@example.com';
  if (schema.format === 'uri' || schema.format === 'url') return 'https://meet.example.com/abc-defg-hij';
  const candidates = [...textByName(name), 'es', '10:00', sampleDay(), 'abcdef', '123456'].map((text) => fitLength(text, schema));
  if (!schema.pattern) return candidates[0] ?? '';
  const pattern = new RegExp(schema.pattern);
  return candidates.find((text) => pattern.test(text)) ?? candidates[0] ?? '';
}

function sampleNumber(schema: JsonSchema, isInteger: boolean): number {
  const low = schema.minimum ?? (schema.exclusiveMinimum === undefined ? undefined : schema.exclusiveMinimum + (isInteger ? 1 : 0.5));
  const high = schema.maximum ?? (schema.exclusiveMaximum === undefined ? undefined : schema.exclusiveMaximum - (isInteger ? 1 : 0.5));
  const wanted = 1;
  if (low !== undefined && wanted < low) return low;
  if (high !== undefined && wanted > high) return high;
  return wanted;
}

function typesOf(schema: JsonSchema): string[] {
  return [schema.type ?? []].flat();
}

/** A value the schema should accept; the caller checks it with the zod schema itself. */
export function sampleValue(schema: JsonSchema, name = ''): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) {
    const option = schema.anyOf.find((candidate) => !typesOf(candidate).includes('null')) ?? schema.anyOf[0];
    return option ? sampleValue(option, name) : null;
  }
  const [type] = typesOf(schema);
  switch (type) {
    case 'object':
      // The honeypot stays empty: a request that fills it is answered as accepted and dropped.
      return Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([key]) => key !== honeypotField)
          .map(([key, property]) => [key, sampleValue(property, key)]),
      );
    case 'array': {
      const count = Math.min(Math.max(schema.minItems ?? 1, 1), schema.maxItems ?? 1);
      return Array.from({ length: count }, () => (schema.items ? sampleValue(schema.items, name) : 'x'));
    }
    case 'string':
      return sampleString(schema, name);
    case 'integer':
      return sampleNumber(schema, true);
    case 'number':
      return sampleNumber(schema, false);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return schema.default ?? 'x';
  }
}

/** A leaf of the base value: its path, and the schema that says what it holds. */
type Leaf = { path: (string | number)[]; schema: JsonSchema };

function nonNull(schema: JsonSchema): JsonSchema {
  return schema.anyOf?.find((option) => !typesOf(option).includes('null')) ?? schema;
}

function leavesOf(schema: JsonSchema, value: unknown, path: (string | number)[] = []): Leaf[] {
  const own = nonNull(schema);
  if (typesOf(own).includes('object') && own.properties && value && typeof value === 'object') {
    const children = Object.entries(own.properties).flatMap(([key, property]) => leavesOf(property, (value as Record<string, unknown>)[key], [...path, key]));
    return path.length === 0 ? children : [{ path, schema: own }, ...children];
  }
  if (typesOf(own).includes('array') && own.items && Array.isArray(value) && value.length > 0) {
    return [{ path, schema: own }, ...leavesOf(own.items, value[0], [...path, 0])];
  }
  return path.length === 0 ? [] : [{ path, schema: own }];
}

/** Stands for a number JSON.stringify cannot write (1e309 parses to Infinity); written raw into the JSON text. */
const rawNumbers = new Map<number, string>([
  [Number.POSITIVE_INFINITY, '1e309'],
  [Number.NEGATIVE_INFINITY, '-1e309'],
]);

/** The JSON text of a value, with the numbers JSON cannot name written as the literals that parse to them. */
export function jsonText(value: unknown): string {
  const text = JSON.stringify(value, (_key, item: unknown) => (typeof item === 'number' && rawNumbers.has(item) ? `__raw_number:${rawNumbers.get(item)}__` : item));
  return text.replace(/"__raw_number:([^"]+)__"/g, '$1');
}

/** `depth` objects inside each other: deeper than maxInputDepth, so the edge refuses it. */
function nested(depth = maxInputDepth + 8): unknown {
  let value: unknown = 'fondo';
  for (let level = 0; level < depth; level += 1) value = { a: value };
  return value;
}

let markers = 0;
/** Ends with a letter, so no marker is the beginning of another ('hx1x' is not in 'hx12x'). */
const nextMarker = () => `hx${(markers += 1)}x`;

/** The values one leaf is swapped for: wrong types, extremes, hostile text. */
function leafValues(leaf: Leaf): { label: string; value: unknown; marker?: string }[] {
  const { schema } = leaf;
  const marked = (label: string, text: (marker: string) => string) => {
    const marker = nextMarker();
    return { label, value: text(marker), marker };
  };
  const types = typesOf(schema);
  const isString = types.includes('string') || Boolean(schema.enum?.every((item) => typeof item === 'string'));
  const isNumber = types.includes('integer') || types.includes('number');
  const values: { label: string; value: unknown }[] = [
    { label: 'null', value: null },
    { label: 'an array', value: [] },
    { label: 'an object', value: {} },
    { label: 'nested deeper than the edge allows', value: nested() },
  ];
  if (!isString) values.push({ label: 'a string', value: 'texto' });
  if (!isNumber) values.push({ label: 'a number', value: 12345 });
  if (!types.includes('boolean')) values.push({ label: 'a boolean', value: true });
  if (isString) {
    values.push(
      { label: 'empty', value: '' },
      { label: 'blank', value: '   ' },
      { label: 'a NUL character', value: 'Ana\u0000' },
      { label: 'a lone surrogate', value: 'Ana\uD800' },
      { label: '100 000 characters', value: 'a'.repeat(100_000) },
      ...hostileTexts.map((text, index) => marked(`hostile text ${index + 1}`, text)),
    );
    if (schema.maxLength !== undefined) values.push({ label: `${schema.maxLength + 1} characters`, value: 'a'.repeat(schema.maxLength + 1) });
    if (schema.enum) values.push({ label: 'no choice of the list', value: 'no-existe' }, { label: 'a choice in capitals', value: String(schema.enum[0]).toUpperCase() });
    if (schema.format === 'date') {
      values.push(
        { label: 'the 30th of February', value: '2026-02-30' },
        { label: 'a day written the Spanish way', value: '31/12/2026' },
        { label: 'year 0', value: '0000-01-01' },
        { label: 'year 9999', value: '9999-12-31' },
        { label: 'year 99999', value: '99999-01-01' },
      );
    }
    if (schema.format === 'date-time') {
      values.push(
        { label: 'an hour 25', value: '2026-01-01T25:00:00Z' },
        { label: 'a date-time without zone', value: '2026-01-01 10:00' },
        { label: 'year 0', value: '0000-01-01T00:00:00Z' },
        { label: 'year 9999', value: '9999-12-31T23:59:59Z' },
      );
    }
    if (schema.format === 'uuid') values.push({ label: 'a uuid with a g', value: '00000000-0000-4000-8000-00000000000g' });
  }
  if (isNumber) {
    values.push(
      { label: '-1', value: -1 },
      { label: '0', value: 0 },
      { label: 'a fraction', value: 1.5 },
      { label: '2^53 + 1', value: 2 ** 53 + 1 },
      { label: '1e308', value: 1e308 },
      { label: '1e309', value: Number.POSITIVE_INFINITY },
      { label: '-1e309', value: Number.NEGATIVE_INFINITY },
      { label: "the string 'NaN'", value: 'NaN' },
      { label: 'a number as a string', value: '12' },
    );
  }
  if (types.includes('boolean')) values.push({ label: "the string 'true'", value: 'true' }, { label: '1', value: 1 });
  return values;
}

function withValueAt(base: unknown, path: (string | number)[], value: unknown | typeof missing): unknown {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (value === missing) delete parent[last];
  else parent[last] = value;
  return copy;
}

const missing = Symbol('missing');

/** One generated value of a request part, with what the contract says of it. */
export type Mutation = {
  label: string;
  value: unknown;
  /** The contract (and the edge's NUL and depth check) refuses it: the route must answer a 4xx and write nothing. */
  isRefused: boolean;
  /** For an accepted hostile text: its field, the marker it carries, and what must be stored wherever the marker is. */
  stored?: { field: string; marker: string; text: string };
};

function valueAt(value: unknown, path: (string | number)[]): unknown {
  return path.reduce<unknown>((item, key) => (item && typeof item === 'object' ? (item as Record<string | number, unknown>)[key] : undefined), value);
}

/** Whether the route's validation refuses `value`: the zod schema, then the edge's own checks. */
export function isRefusedBy(schema: z.ZodType, value: unknown): boolean {
  return isUnacceptableInput(value) || !schema.safeParse(value).success;
}


/** Every mutation of one leaf at a time of the schema's base value; `asText` for query strings and path parameters, which arrive as text. */
export function mutationsOf(schema: z.ZodType, options: { asText?: boolean; base?: Record<string, unknown> } = {}): { base: unknown; isBaseValid: boolean; mutations: Mutation[] } {
  const json = jsonSchemaOf(schema);
  const base = options.base ?? sampleValue(json);
  const mutations: Mutation[] = [];
  for (const leaf of leavesOf(json, base)) {
    const name = leaf.path.join('.');
    const candidates: { label: string; value: unknown; marker?: string }[] = [{ label: 'missing', value: missing }, ...leafValues(leaf)];
    for (const { marker, ...candidate } of candidates) {
      if (options.asText && typeof candidate.value === 'object' && candidate.value !== null) continue;
      const value = options.asText && candidate.value !== missing && candidate.value !== null ? String(candidate.value) : candidate.value;
      const mutated = withValueAt(base, leaf.path, value);
      const isRefused = isRefusedBy(schema, mutated);
      const parsed = isRefused ? undefined : schema.safeParse(mutated);
      const kept = parsed?.success ? valueAt(parsed.data, leaf.path) : undefined;
      mutations.push({
        label: `${name}: ${candidate.label}`,
        value: mutated,
        isRefused,
        ...(marker && typeof kept === 'string' && kept.includes(marker) ? { stored: { field: name, marker, text: kept } } : {}),
      });
    }
  }
  return { base, isBaseValid: !isRefusedBy(schema, base), mutations };
}

/** A raw body and the content type it is sent with. */
export type RawBody = { label: string; payload: string | Buffer; contentType?: string };

/**
 * Bodies broken before any schema sees them: refused by the JSON parser, the content-type check or
 * the body limit, whatever the route. `valid` is a body the route's schema accepts, so a refusal
 * is the transport's alone.
 */
export function brokenBodies(valid: unknown, bodyLimit: number): RawBody[] {
  const text = jsonText(valid ?? {});
  return [
    { label: 'invalid JSON', payload: '{', contentType: 'application/json' },
    { label: 'JSON cut short', payload: text.slice(0, Math.max(1, text.length - 2)), contentType: 'application/json' },
    { label: 'an empty JSON body', payload: '', contentType: 'application/json' },
    { label: 'a __proto__ key', payload: `{"__proto__":{"role":"admin"},${text.slice(1)}`, contentType: 'application/json' },
    { label: 'a constructor.prototype key', payload: `{"constructor":{"prototype":{"role":"admin"}}}`, contentType: 'application/json' },
    { label: 'form-urlencoded', payload: 'name=Ana&email=ana%40example.com', contentType: 'application/x-www-form-urlencoded' },
    { label: 'XML', payload: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>', contentType: 'application/xml' },
    { label: 'a body without a content type', payload: text },
    { label: `over ${bodyLimit} bytes`, payload: `{"a":"${'a'.repeat(bodyLimit + 1)}"}`, contentType: 'application/json' },
  ];
}

/** Bodies the JSON parser reads but no object schema accepts. */
export function wrongShapes(valid: unknown): RawBody[] {
  const shapes: [string, string][] = [
    ['null', 'null'],
    ['an array', jsonText([valid])],
    ['a string', '"texto"'],
    ['a number', '12'],
    ['nested deeper than the edge allows', jsonText(nested())],
    ['nested 5 000 levels', `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`],
    ['the JSON text as text/plain', jsonText(valid)],
  ];
  return shapes.map(([label, payload]) => ({ label, payload, contentType: label.includes('text/plain') ? 'text/plain' : 'application/json' }));
}

/** Path parameter values that are not what any id is, already written into a URL. */
export const hostileSegments: { label: string; segment: string; value?: string }[] = [
  { label: 'a word', segment: 'x' },
  { label: '-1', segment: '-1' },
  { label: '0', segment: '0' },
  { label: 'a fraction', segment: '1.5' },
  { label: '20 digits', segment: '99999999999999999999' },
  { label: '1e309', segment: '1e309' },
  { label: 'a NUL character', segment: '%00' },
  { label: 'a traversal', segment: '..%2F..%2Fetc%2Fpasswd' },
  { label: 'a bidi mark', segment: '%E2%80%AEfdp.exe' },
  { label: 'SQL', segment: encodeURIComponent("1' OR '1'='1") },
  { label: 'a script', segment: encodeURIComponent('<script>alert(1)</script>') },
  { label: '300 characters', segment: 'a'.repeat(300) },
  { label: 'a broken escape', segment: '%E0%A4%A' },
];

/** Query string values, with the query string they make. */
export const hostileQueryValues: { label: string; value: string }[] = [
  { label: 'empty', value: '' },
  { label: 'a word', value: 'abc' },
  { label: '-1', value: '-1' },
  { label: 'a fraction', value: '1.5' },
  { label: '1e309', value: '1e309' },
  { label: '20 digits', value: '99999999999999999999' },
  { label: 'NaN', value: 'NaN' },
  { label: 'a NUL character', value: 'a\u0000b' },
  { label: 'a bidi mark', value: 'a\u202Eb' },
  { label: 'SQL', value: "1' OR '1'='1" },
  { label: 'a script', value: '<script>alert(1)</script>' },
  { label: '5 000 characters', value: 'a'.repeat(5000) },
  { label: 'the 30th of February', value: '2026-02-30' },
  { label: 'another site', value: '//evil.example/x' },
  { label: 'a javascript: address', value: 'javascript:alert(1)' },
];

/**
 * The same address written other ways, query kept: the router reads an escaped letter and an
 * absolute-form target as the route itself and the dot segments and a doubled slash as no route,
 * while a cache, a proxy or a file server may read them otherwise. Written as sent on the wire
 * (inject() would resolve the dot segments and drop the origin).
 */
export function pathSpellings(url: string): { label: string; target: string }[] {
  const queryStart = url.indexOf('?');
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const query = queryStart === -1 ? '' : url.slice(queryStart);
  const first = path.split('/')[1] ?? '';
  const escapedLetter = path.replace(/[a-z]/i, (letter) => `%${letter.charCodeAt(0).toString(16)}`);
  return [
    { label: 'as registered', target: url },
    { label: 'a percent-encoded letter', target: `${escapedLetter}${query}` },
    { label: 'a doubled slash', target: `/${path}${query}` },
    { label: 'a dot segment', target: `/.${path}${query}` },
    { label: 'a dot-dot segment', target: `/${first}/..${path}${query}` },
    { label: 'an encoded dot-dot segment', target: `/${first}/%2e%2e${path}${query}` },
    { label: 'a trailing dot segment', target: `${path}/.${query}` },
    { label: 'an absolute-form target', target: `http://localhost${path}${query}` },
  ];
}

/** What the generator knows of a route reading a multipart form: its upload rule and the contract of its text fields. */
export type UploadForm = { rule: UploadRule; fileField: string; fields?: z.ZodObject };

/** A multipart body broken one way. */
export type BrokenForm = { label: string; payload: Buffer; contentType: string };

const fileOf = (name: string, content: Buffer, field: string, contentType = 'application/pdf'): FormPart => ({ name: field, filename: name, content, contentType });

/** Hostile multipart bodies for an upload route: each is refused by the upload reader or the form's contract. */
export function brokenForms(form: UploadForm): BrokenForm[] {
  const { rule, fileField } = form;
  const json = form.fields ? jsonSchemaOf(form.fields) : undefined;
  const baseFields = json ? (sampleValue(json) as Record<string, unknown>) : {};
  const textFields = (values: Record<string, unknown>): FormPart[] =>
    Object.entries(values).filter(([, value]) => value !== undefined).map(([name, value]) => ({ name, value: String(value) }));
  const pdf = fileOf('pasaporte.pdf', sampleFiles.pdf(), fileField);
  const build = (label: string, parts: FormPart[]): BrokenForm => {
    const body = multipartBody(parts);
    return { label, payload: body.payload, contentType: body.headers['content-type'] ?? '' };
  };
  const withFile = (name: string, content: Buffer, label = `a file named ${JSON.stringify(name)}`) => build(label, [...textFields(baseFields), fileOf(name, content, fileField)]);
  const valid = build('valid', [...textFields(baseFields), pdf]);
  const closing = valid.payload.lastIndexOf(Buffer.from('\r\n--'));

  const forms: BrokenForm[] = [
    { label: 'cut before its closing boundary', payload: valid.payload.subarray(0, closing), contentType: valid.contentType },
    { label: 'cut in the middle of the file', payload: valid.payload.subarray(0, closing - 1000), contentType: valid.contentType },
    { label: 'a boundary the body does not use', payload: valid.payload, contentType: 'multipart/form-data; boundary=otra-frontera' },
    { label: 'multipart without a boundary', payload: valid.payload, contentType: 'multipart/form-data' },
    { label: 'garbage as multipart', payload: Buffer.from('esto no es un formulario'), contentType: valid.contentType },
    { label: 'JSON instead of a form', payload: Buffer.from(jsonText(baseFields)), contentType: 'application/json' },
    withFile('../../etc/passwd.pdf', sampleFiles.pdf()),
    withFile('..\\..\\windows\\win.pdf', sampleFiles.pdf()),
    withFile('/etc/passwd.pdf', sampleFiles.pdf()),
    withFile('carpeta/pasaporte.pdf', sampleFiles.pdf()),
    withFile('factura\u202Efdp.exe', sampleFiles.exe(), 'a bidi-reversed file name'),
    withFile('pasaporte\u0001.pdf', sampleFiles.pdf(), 'a control character in the file name'),
    withFile('factura.pdf.exe', sampleFiles.exe()),
    withFile('foto.php.jpg', sampleFiles.jpeg()),
    withFile('programa.exe', sampleFiles.exe()),
    withFile('dibujo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')),
    withFile('pagina.html', Buffer.from('<script>alert(1)</script>')),
    withFile('pasaporte.pdf', sampleFiles.exe(), 'an executable named .pdf'),
    withFile('pasaporte.pdf', Buffer.alloc(0), 'an empty file'),
    withFile('pasaporte.pdf', sampleFiles.pdf(rule.maxBytes + 1), `a file of ${rule.maxBytes + 1} bytes`),
    withFile(`${'a'.repeat(300)}.pdf`, sampleFiles.pdf(), 'a 300-character file name'),
    ...(rule.kinds.includes('docx')
      ? [
          withFile('contrato.docx', javaArchive(), 'a Java archive named .docx'),
          withFile('contrato.docx', wordDocumentBomb(300), 'a .docx declaring 300 MB of zeros'),
          withFile('contrato.docx', wordDocumentWithEntry('../../evil.sh'), 'a .docx with an entry named ../../evil.sh'),
        ]
      : []),
    build(`${rule.maxFiles + 1} files`, [...textFields(baseFields), ...Array.from({ length: rule.maxFiles + 1 }, () => pdf)]),
    build('a text field of 200 000 characters', [...textFields(baseFields), { name: Object.keys(baseFields)[0] ?? 'body', value: 'a'.repeat(200_000) }, pdf]),
  ];
  for (const [name, property] of Object.entries(json?.properties ?? {})) {
    if (json?.required?.includes(name)) forms.push(build(`${name} missing`, [...textFields({ ...baseFields, [name]: undefined }), pdf]));
    const own = nonNull(property);
    if (!typesOf(own).includes('string') || own.enum) continue;
    forms.push(build(`a NUL character in ${name}`, [...textFields({ ...baseFields, [name]: `Ana\u0000` }), pdf]));
    if (own.maxLength !== undefined) forms.push(build(`${name} of ${own.maxLength + 1} characters`, [...textFields({ ...baseFields, [name]: 'a'.repeat(own.maxLength + 1) }), pdf]));
  }
  return forms;
}
