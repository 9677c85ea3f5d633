/** Upload rules both sides apply: the web before sending, the server while streaming (with magic bytes). */

export type FileKind = 'pdf' | 'jpeg' | 'png' | 'doc' | 'docx';

type KindInfo = { extensions: readonly string[]; contentType: string; magic: readonly number[] };

export const fileKinds: Record<FileKind, KindInfo> = {
  pdf: { extensions: ['pdf'], contentType: 'application/pdf', magic: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  jpeg: { extensions: ['jpg', 'jpeg'], contentType: 'image/jpeg', magic: [0xff, 0xd8, 0xff] },
  png: { extensions: ['png'], contentType: 'image/png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  doc: { extensions: ['doc'], contentType: 'application/msword', magic: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] },
  docx: {
    extensions: ['docx'],
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    magic: [0x50, 0x4b, 0x03, 0x04],
  },
};

/** How a browser shows a file of this type in a page: as an image, as a PDF, or not at all (it is downloaded). */
export function previewOf(contentType: string): 'image' | 'pdf' | null {
  if (contentType === fileKinds.pdf.contentType) return 'pdf';
  return contentType === fileKinds.jpeg.contentType || contentType === fileKinds.png.contentType ? 'image' : null;
}

/** How many leading bytes identify every kind above. */
export const magicBytesLength = Math.max(...Object.values(fileKinds).map((kind) => kind.magic.length));

export type UploadRule = {
  kinds: readonly FileKind[];
  maxBytes: number;
  maxFiles: number;
  /** Catalog keys of the messages people read, in the words of the form. */
  messages: { tooLarge: string; type: string; tooMany: string };
};

const megabyte = 1024 * 1024;

/** The translation quote page: several documents, PDF, images or Word. */
export const quoteDocumentsRule: UploadRule = {
  kinds: ['pdf', 'jpeg', 'png', 'doc', 'docx'],
  maxBytes: 10 * megabyte,
  maxFiles: 5,
  messages: {
    tooLarge: 'translations:uploads.quote.tooLarge',
    type: 'translations:uploads.quote.type',
    tooMany: 'translations:uploads.quote.tooMany',
  },
};

/** The translation form of the services page: one PDF, JPG or PNG of up to 5 MB (docs/product/rules.md, uploads). */
export const requestDocumentRule: UploadRule = {
  kinds: ['pdf', 'jpeg', 'png'],
  maxBytes: 5 * megabyte,
  maxFiles: 1,
  messages: {
    tooLarge: 'translations:uploads.request.tooLarge',
    type: 'translations:uploads.request.type',
    tooMany: 'translations:uploads.request.tooMany',
  },
};

/** Extensions that must not hide inside a name ('factura.pdf.exe', 'foto.php.jpg'). */
const knownExtensions = new Set([
  ...Object.values(fileKinds).flatMap((kind) => kind.extensions),
  ...['gif', 'bmp', 'tif', 'tiff', 'webp', 'heic', 'svg', 'xls', 'xlsx', 'ppt', 'pptx', 'odt', 'rtf', 'txt', 'csv', 'xml'],
  ...['zip', 'rar', '7z', 'gz', 'tar', 'iso', 'dmg', 'apk', 'jar', 'msi', 'exe', 'dll', 'com', 'bat', 'cmd', 'scr'],
  ...['sh', 'bash', 'ps1', 'vbs', 'vbe', 'js', 'mjs', 'cjs', 'wsf', 'hta', 'lnk', 'php', 'phtml', 'php5', 'asp', 'aspx'],
  ...['jsp', 'py', 'pl', 'rb', 'cgi', 'htm', 'html', 'shtml', 'xhtml', 'swf'],
]);

type UploadNameProblem = 'invalidName' | 'type';

/** Marks that reorder how text is shown: 'factura\u202Efdp.exe' would read as 'facturaexe.pdf'. */
const bidiControls = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

function hasControlCharacter(name: string): boolean {
  return (
    bidiControls.test(name) ||
    [...name].some((character) => {
      const code = character.charCodeAt(0);
      return code < 0x20 || code === 0x7f;
    })
  );
}

/**
 * Why a file name is refused, or undefined: path separators, control and bidirectional characters, dot names and
 * overlong names are invalid; the extension must be one of the rule's, alone (no double extension).
 */
export function uploadNameProblem(name: string, rule: Pick<UploadRule, 'kinds'>): UploadNameProblem | undefined {
  if (name.length === 0 || name.length > 255 || /[/\\]/.test(name) || hasControlCharacter(name)) return 'invalidName';
  const parts = name.split('.');
  if (parts.length < 2) return 'type';
  if (parts.slice(0, -1).join('.').replaceAll('.', '').trim() === '') return 'invalidName';
  const extension = (parts.at(-1) ?? '').toLowerCase();
  const inner = parts.length > 2 ? (parts.at(-2) ?? '').toLowerCase() : '';
  if (knownExtensions.has(inner)) return 'type';
  return kindForExtension(extension, rule) ? undefined : 'type';
}

export function kindForExtension(extension: string, rule: Pick<UploadRule, 'kinds'>): FileKind | undefined {
  return rule.kinds.find((kind) => fileKinds[kind].extensions.includes(extension.toLowerCase()));
}

/** The kind a file's first bytes announce, among the rule's kinds. */
export function kindFromMagicBytes(head: Uint8Array, rule: Pick<UploadRule, 'kinds'>): FileKind | undefined {
  return rule.kinds.find((kind) => fileKinds[kind].magic.every((byte, index) => head[index] === byte));
}

/** The extension of a name the rule accepts (after uploadNameProblem said nothing). */
export function extensionOf(name: string): string {
  return (name.split('.').at(-1) ?? '').toLowerCase();
}

/** What the web checks before sending: the name and the size (the server also checks the content). */
export function fileProblem(file: { name: string; size: number }, rule: UploadRule): string | undefined {
  const problem = uploadNameProblem(file.name, rule);
  if (problem === 'invalidName') return 'intake:uploads.invalidName';
  if (problem === 'type') return rule.messages.type;
  if (file.size === 0) return 'intake:uploads.empty';
  if (file.size > rule.maxBytes) return rule.messages.tooLarge;
  return undefined;
}

/** The `accept` attribute of a file input for the rule. */
export function acceptAttribute(rule: Pick<UploadRule, 'kinds'>): string {
  return rule.kinds.flatMap((kind) => [...fileKinds[kind].extensions.map((ext) => `.${ext}`), fileKinds[kind].contentType]).join(',');
}
