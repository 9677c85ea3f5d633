import { formatLongDate } from '#common/long-date.ts';
import type { InvoiceContent } from '#common/invoices/invoices.contract.ts';
import { formatExactMoney } from '#common/money.ts';
import { translator } from '#server/i18n.ts';

/**
 * The PDF's built-in Helvetica writes Windows-1252 only: the thin spaces French puts in amounts
 * become ordinary no-break spaces, anything else outside it a question mark rather than a wrong glyph.
 */
const windows1252Extras = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
const printable = (text: string) =>
  text.replace(/[\u2009\u202f]/g, '\u00a0').replace(/[^\n\u0020-\u007e\u00a0-\u00ff]/gu, (char) => (windows1252Extras.includes(char) ? char : '?'));

/**
 * Draws an invoice from its frozen content, in the language it was issued in: the same content
 * always makes the same document (its creation date is the issue time), so a download years later
 * shows what was sent. PDFKit is loaded with the first invoice, not with the server.
 */
export async function renderInvoicePdf(content: InvoiceContent): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const t = translator(content.language);
  const money = (cents: number) => printable(formatExactMoney(cents, content.currency, content.language));
  const issuedAt = new Date(content.issuedAt);
  const title = t(content.series === 'R' ? 'invoices:pdf.rectifying' : 'invoices:pdf.invoice');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `${title} ${content.number}`, Author: content.seller.legalName, CreationDate: issuedAt, ModDate: issuedAt },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const amountWidth = 130;
  const write = (text: string, options: PDFKit.Mixins.TextOptions = {}) => doc.text(printable(text), options);

  doc.font('Helvetica-Bold').fontSize(18);
  write(`${title} ${content.number}`);
  doc.font('Helvetica').fontSize(10).moveDown(0.3);
  write(`${t('invoices:pdf.date')}: ${formatLongDate(issuedAt, content.language)}`);
  doc.moveDown(1.2);

  const party = (heading: string, lines: string[]) => {
    doc.font('Helvetica-Bold');
    write(heading);
    doc.font('Helvetica');
    for (const line of lines) write(line);
    doc.moveDown(0.8);
  };
  party(t('invoices:pdf.seller'), [content.seller.legalName, `${t('invoices:pdf.taxId')}: ${content.seller.taxId}`, content.seller.address]);
  const { buyer } = content;
  party(t('invoices:pdf.buyer'), [
    buyer.name,
    ...(buyer.taxIdKind && buyer.taxId ? [`${t(`invoices:taxIdKinds.${buyer.taxIdKind}`)}: ${buyer.taxId}`] : []),
    ...(buyer.address ? [buyer.address] : []),
    buyer.email,
  ]);

  if (content.rectifies) {
    write(t('invoices:pdf.rectifies', { number: content.rectifies.number, date: formatLongDate(content.rectifies.issuedAt, content.language) }));
    write(`${t('invoices:pdf.reason')}: ${content.rectifies.reason}`);
    doc.moveDown(0.8);
  }

  const row = (label: string, amount: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    doc.text(printable(label), left, y, { width: width - amountWidth - 10 });
    const labelBottom = doc.y;
    doc.text(amount, left + width - amountWidth, y, { width: amountWidth, align: 'right' });
    doc.y = Math.max(labelBottom, doc.y) + 4;
    doc.x = left;
  };
  const rule = () => {
    doc.moveTo(left, doc.y).lineTo(left + width, doc.y).lineWidth(0.5).strokeColor('#94a3b8').stroke();
    doc.y += 6;
  };
  row(t('invoices:pdf.concept'), t('invoices:pdf.amount'), true);
  rule();
  for (const line of content.lines) row(line.description, money(line.amountCents));
  rule();
  row(t('invoices:pdf.base'), money(content.baseCents));
  row(t('invoices:pdf.vat', { rate: content.vatRatePercent }), money(content.vatCents));
  row(t('invoices:pdf.total'), money(content.totalCents), true);
  doc.moveDown(1);
  write(`${t('invoices:pdf.paidBy')}: ${t(`invoices:methods.${content.paymentMethod}`)}`);
  doc.moveDown(2).fontSize(8).fillColor('#475569');
  write(t('invoices:pdf.footer'), { width });
  doc.end();
  return done;
}
