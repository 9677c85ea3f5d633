import { PDFDocument } from '@cantoo/pdf-lib';
import { translator } from '#server/platform/translator.ts';

/** The long side of a photographed page in PDF points: an A4 sheet's (297 mm), as the web's photo-pdf.ts. */
const pageLongSide = 842;

/** A document of the pack, read as PDF pages: what the firm stored, turned into a PDF when it is a photo. */
export type DocumentPages = { pdf: PDFDocument; pageCount: number };

/** Why a stored document cannot become pages: an unreadable or password-protected PDF, or a kind that is not a PDF nor a photo. */
export class UnreadableDocumentError extends Error {
  override name = 'UnreadableDocumentError';
}

/** A photo as one page of its shape, its long side an A4 sheet's: a JPEG is embedded as it is (never re-encoded), a PNG deflated. */
async function photoPdf(bytes: Uint8Array, contentType: 'image/jpeg' | 'image/png'): Promise<PDFDocument> {
  const pdf = await PDFDocument.create();
  const image = contentType === 'image/jpeg' ? await pdf.embedJpg(bytes) : await pdf.embedPng(bytes);
  const scale = pageLongSide / Math.max(image.width, image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  pdf.addPage([width, height]).drawImage(image, { x: 0, y: 0, width, height });
  return pdf;
}

/** The pages of a stored document; refuses what it cannot read (UnreadableDocumentError). */
export async function documentPages(bytes: Uint8Array, contentType: string): Promise<DocumentPages> {
  try {
    let pdf: PDFDocument;
    if (contentType === 'application/pdf') pdf = await PDFDocument.load(bytes, { updateMetadata: false });
    else if (contentType === 'image/jpeg' || contentType === 'image/png') pdf = await photoPdf(bytes, contentType);
    else throw new UnreadableDocumentError(contentType);
    if (pdf.isEncrypted) throw new UnreadableDocumentError('encrypted');
    return { pdf, pageCount: pdf.getPageCount() };
  } catch (error) {
    if (error instanceof UnreadableDocumentError) throw error;
    throw new UnreadableDocumentError(error instanceof Error ? error.message : String(error));
  }
}

/**
 * One PDF of the documents' pages in the order given, compressed: object streams for its structure,
 * each page's content as it came (a scan is never re-encoded, so it stays as legible as it was filed).
 */
export async function mergedPdf(documents: readonly DocumentPages[], title: string): Promise<Uint8Array> {
  const merged = await PDFDocument.create({ updateMetadata: false });
  merged.setTitle(title);
  merged.setProducer('filing pack');
  for (const { pdf } of documents) {
    const pages = await merged.copyPages(pdf, pdf.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  return merged.save({ useObjectStreams: true });
}

/** The PDF's built-in Helvetica writes Windows-1252 only (as invoice-pdf.ts says): anything else becomes a question mark. */
const windows1252Extras = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
const printable = (text: string) =>
  text.replace(/[\u2009\u202f]/g, '\u00a0').replace(/[^\n\u0020-\u007e\u00a0-\u00ff]/gu, (char) => (windows1252Extras.includes(char) ? char : '?'));

/** What the index lists: the case, and each file with its documents in the filing's order. */
export type FilingIndex = {
  caseDisplayId: string;
  clientName: string;
  fileNumber: string | null;
  /** The day it was made, as the administration reads it (dd/mm/yyyy). */
  madeOn: string;
  files: { name: string; sizeBytes: number; pageCount: number; documents: { title: string; name: string; pageCount: number }[] }[];
};

const megabytes = (bytes: number) => (bytes / (1024 * 1024)).toLocaleString('es-ES', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * The index of the filing, in Spanish since it is for the administration: the case, then each file
 * with its size and pages, and its documents numbered across the whole filing, with the pages each
 * takes in its file.
 */
export async function renderFilingIndex(index: FilingIndex): Promise<Buffer> {
  const { default: PDFKit } = await import('pdfkit');
  const t = translator('es');
  const doc = new PDFKit({ size: 'A4', margin: 56, info: { Title: t('filing-packs:index.title') } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(16).text(printable(t('filing-packs:index.title')));
  doc.moveDown(0.6);
  doc.font('Helvetica').fontSize(10);
  doc.text(printable(t('filing-packs:index.case', { id: index.caseDisplayId, name: index.clientName })));
  if (index.fileNumber) doc.text(printable(t('filing-packs:index.fileNumber', { number: index.fileNumber })));
  doc.text(printable(t('filing-packs:index.madeOn', { date: index.madeOn })));
  doc.text(printable(t('filing-packs:index.summary', { files: index.files.length, megabytes: megabytes(index.files.reduce((sum, file) => sum + file.sizeBytes, 0)) })));
  let number = 0;
  for (const file of index.files) {
    doc.moveDown(0.8);
    doc.font('Helvetica-Bold').fontSize(11).text(printable(t('filing-packs:index.file', { name: file.name, pages: file.pageCount, megabytes: megabytes(file.sizeBytes) })));
    doc.font('Helvetica').fontSize(10);
    let firstPage = 1;
    for (const document of file.documents) {
      number += 1;
      const lastPage = firstPage + document.pageCount - 1;
      doc.text(printable(t('filing-packs:index.document', { number, title: document.title, name: document.name, from: firstPage, to: lastPage })), { indent: 14 });
      firstPage = lastPage + 1;
    }
  }
  doc.end();
  return done;
}
