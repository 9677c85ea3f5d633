import { formatLongDate } from '#common/long-date.ts';
import type { InvoiceContent } from '#common/invoices/invoices.contract.ts';
import { formatExactMoney } from '#common/money.ts';
import type { Language } from '#common/i18n/languages.ts';
import type { Translate } from '#common/i18n/translate.ts';
import { pdfBytes, printable } from '#server/platform/pdf-text.ts';
import { translator } from '#server/platform/translator.ts';
import { verificationUrl, type AgencyEnvironment, type BillingRecordFields } from './billing-record.ts';

/** The caption the regulation puts above the QR code, in these words whatever the invoice's language (Orden HAC/1177/2024, art. 21). */
const qrCaption = 'QR tributario:';

/** The legend of an invoice whose record is sent to the agency as it is made, under its QR code (art. 20), and only then. */
const sentLegend = 'VERI*FACTU';

/** An invoice's billing record as its PDF shows it: its fields, and where it is sent (null: kept, not sent). */
export type PrintedRecord = { fields: BillingRecordFields; sentTo: AgencyEnvironment | null };
/** 36 mm, within the regulation's 30 to 40 mm. */
const qrSize = (36 / 25.4) * 72;

/**
 * Draws an invoice from its frozen content, in Spanish and the language it was issued in, with the QR code of
 * its VeriFactu billing record at the top right when it has one: the same content always makes the
 * same document (its creation date is the issue time), so a download years later shows what was
 * sent. PDFKit and the QR encoder are loaded with the first invoice, not with the server.
 */
export async function renderInvoicePdf(content: InvoiceContent, record?: PrintedRecord): Promise<Buffer> {
  const [{ default: PDFDocument }, qrcode] = await Promise.all([import('pdfkit'), import('qrcode')]);
  // A Spanish invoice: every printed word in Spanish, followed by the client's language when it is another.
  const printedLanguages: Language[] = content.language === 'es' ? ['es'] : ['es', content.language];
  const both = (text: (t: Translate, language: Language) => string) => printedLanguages.map((language) => text(translator(language), language)).join(' / ');
  const t: Translate = (key, vars) => both((translate) => translate(key, vars));
  /** French puts a no-break space before a colon; a label in two languages ends in the second one's. */
  const colonOf = (language: Language) => (language === 'fr' ? '\u202f:' : ':');
  const colon = colonOf(content.language);
  const money = (cents: number) => printable(formatExactMoney(cents, content.currency, content.language));
  const issuedAt = new Date(content.issuedAt);
  // Without the buyer's NIE, passport or tax id an invoice is a simplified one (Real Decreto 1619/2012, art. 7), and says so.
  const title = t(content.series === 'R' ? 'invoices:pdf.rectifying' : content.buyer.taxId ? 'invoices:pdf.invoice' : 'invoices:pdf.simplified');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `${title} ${content.number}`, Author: content.seller.legalName, CreationDate: issuedAt, ModDate: issuedAt },
  });
  const done = pdfBytes(doc);

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const amountWidth = 130;
  const write = (text: string, options: PDFKit.Mixins.TextOptions = {}) => doc.text(printable(text), options);

  const headingWidth = record ? width - qrSize - 16 : width;
  if (record) {
    const qrLeft = left + width - qrSize;
    const top = doc.page.margins.top;
    doc.font('Helvetica').fontSize(8).text(qrCaption, qrLeft, top, { width: qrSize, align: 'center' });
    const png = await qrcode.toBuffer(verificationUrl(record.fields, record.sentTo), { type: 'png', errorCorrectionLevel: 'M', margin: 1, scale: 6 });
    const qrTop = doc.y + 2;
    doc.image(png, qrLeft, qrTop, { width: qrSize, height: qrSize });
    if (record.sentTo) doc.font('Helvetica-Bold').fontSize(8).text(sentLegend, qrLeft, qrTop + qrSize + 2, { width: qrSize, align: 'center' });
    doc.x = left;
    doc.y = top;
  }
  doc.font('Helvetica-Bold').fontSize(18);
  write(`${title} ${content.number}`, { width: headingWidth });
  doc.font('Helvetica').fontSize(10).moveDown(0.3);
  write(
    both((translate, language) => `${translate('invoices:pdf.date')}${colonOf(language)} ${formatLongDate(issuedAt, language)}`),
    { width: headingWidth },
  );
  if (record) doc.y = Math.max(doc.y, doc.page.margins.top + qrSize + (record.sentTo ? 26 : 14));
  doc.moveDown(1.2);

  const party = (heading: string, lines: string[]) => {
    doc.font('Helvetica-Bold');
    write(heading);
    doc.font('Helvetica');
    for (const line of lines) write(line);
    doc.moveDown(0.8);
  };
  party(t('invoices:pdf.seller'), [content.seller.legalName, `${t('invoices:pdf.taxId')}${colon} ${content.seller.taxId}`, content.seller.address]);
  const { buyer } = content;
  party(t('invoices:pdf.buyer'), [
    buyer.name,
    ...(buyer.taxIdKind && buyer.taxId ? [`${t(`invoices:taxIdKinds.${buyer.taxIdKind}`)}${colon} ${buyer.taxId}`] : []),
    ...(buyer.address ? [buyer.address] : []),
    ...(buyer.country ? [both((_translate, language) => new Intl.DisplayNames(language, { type: 'region' }).of(buyer.country ?? '') ?? '')] : []),
    buyer.email,
  ]);

  if (content.rectifies) {
    const { number, issuedAt: rectifiedAt, reason } = content.rectifies;
    write(both((translate, language) => translate('invoices:pdf.rectifies', { number, date: formatLongDate(rectifiedAt, language) })));
    write(`${t('invoices:pdf.reason')}${colon} ${reason}`);
    write(t('invoices:pdf.rectificationKind'));
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
  const tax = content.tax ?? { treatment: 'subject', legend: null, withholdingPercent: null, withholdingCents: 0, payableCents: content.totalCents };
  row(t('invoices:pdf.concept'), t(tax.treatment === 'subject' ? 'invoices:pdf.amount' : 'invoices:pdf.amountWithoutVat'), true);
  rule();
  for (const line of content.lines) {
    row(line.description, money(line.amountCents));
    if (line.detail) {
      doc.font('Helvetica').fontSize(8).fillColor('#475569').text(printable(line.detail), left, doc.y - 2, { width: width - amountWidth - 10 });
      doc.fontSize(10).fillColor('black');
      doc.y += 4;
    }
  }
  rule();
  row(t('invoices:pdf.base'), money(content.baseCents));
  // Not charged, IVA is not a rate of 0 %: the row says why (the legend below gives the law).
  row(tax.treatment === 'subject' ? t('invoices:pdf.vat', { rate: content.vatRatePercent }) : t(`invoices:pdf.vatNone.${tax.treatment}`), money(content.vatCents));
  row(t('invoices:pdf.total'), money(content.totalCents), true);
  if (tax.withholdingPercent) {
    row(t('invoices:pdf.withholding', { rate: tax.withholdingPercent }), money(-tax.withholdingCents));
    row(t('invoices:pdf.payable'), money(tax.payableCents), true);
  }
  doc.moveDown(1);
  if (tax.legend) {
    doc.font('Helvetica-Bold');
    write(t(`invoices:legends.${tax.legend}`), { width });
    doc.font('Helvetica').moveDown(0.6);
  }
  // A rectification gives money back, by the way the payment came in.
  const method = content.rectifies ? 'invoices:pdf.refundedBy' : 'invoices:pdf.paidBy';
  write(both((translate, language) => `${translate(method)}${colonOf(language)} ${translate(`invoices:methods.${content.paymentMethod}`)}`));
  doc.moveDown(2).fontSize(8).fillColor('#475569');
  write(t(record?.sentTo ? 'invoices:pdf.footerSent' : 'invoices:pdf.footer'), { width });
  doc.end();
  return done;
}
