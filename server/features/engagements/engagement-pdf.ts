import { formatAdminDateTime } from '#common/dates.ts';
import type { Language } from '#common/i18n/languages.ts';
import { pdfBytes, printable } from '#server/platform/pdf-text.ts';
import { translator } from '#server/platform/translator.ts';

/** What the PDF prints: the accepted text as it was shown, and the record of its acceptance. */
export type AcceptedLetterPdf = {
  language: Language;
  text: string;
  textSha256: string;
  version: number;
  acceptedAt: Date;
  isEarlyStartRequested: boolean;
};

/**
 * Draws an accepted engagement letter: its Markdown (headings, paragraphs, list items and bold, which
 * is all the template uses) and, below, when it was accepted, its version, the early-start request and
 * the SHA-256 of the text, so a copy can be checked against the record. The same acceptance always
 * makes the same document (its dates are the acceptance's).
 */
export async function renderEngagementPdf(letter: AcceptedLetterPdf): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const t = translator(letter.language);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: t('engagements:pdf.title'), CreationDate: letter.acceptedAt, ModDate: letter.acceptedAt },
  });
  const done = pdfBytes(doc);

  /** One paragraph, its **bold** parts in bold. */
  const paragraph = (text: string, options: { size: number; indent?: number; bullet?: boolean }) => {
    doc.fontSize(options.size);
    const parts = printable(options.bullet ? `•  ${text}` : text).split(/\*\*(.+?)\*\*/);
    parts.forEach((part, index) => {
      doc.font(index % 2 === 1 ? 'Helvetica-Bold' : 'Helvetica').text(part, { continued: index < parts.length - 1, indent: options.indent ?? 0 });
    });
    doc.moveDown(0.4);
  };

  for (const block of letter.text.split(/\n{2,}/)) {
    for (const line of block.split('\n')) {
      const trimmed = line.trim();
      if (trimmed === '') continue;
      const heading = /^(#{1,3})\s+(.*)$/.exec(trimmed);
      if (heading) {
        const level = heading[1]?.length ?? 1;
        doc.moveDown(level === 1 ? 0 : 0.4);
        doc.font('Helvetica-Bold').fontSize(level === 1 ? 16 : level === 2 ? 12 : 11).text(printable(heading[2] ?? ''));
        doc.moveDown(0.4);
      } else if (trimmed.startsWith('- ')) {
        paragraph(trimmed.slice(2), { size: 10, indent: 12, bullet: true });
      } else {
        paragraph(trimmed, { size: 10 });
      }
    }
  }

  doc.moveDown(1);
  doc.font('Helvetica-Bold').fontSize(10).text(printable(t('engagements:pdf.record')));
  doc.font('Helvetica').fontSize(9);
  for (const line of [
    t('engagements:pdf.acceptedAt', { at: formatAdminDateTime(letter.acceptedAt, letter.language) }),
    t('engagements:pdf.version', { version: String(letter.version) }),
    t(letter.isEarlyStartRequested ? 'engagements:pdf.earlyStart' : 'engagements:pdf.noEarlyStart'),
    t('engagements:pdf.sha256', { hash: letter.textSha256 }),
  ]) {
    doc.text(printable(line));
  }
  doc.end();
  return done;
}
