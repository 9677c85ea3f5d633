/**
 * The PDF's built-in Helvetica writes Windows-1252 only: the thin spaces French puts in amounts
 * become ordinary no-break spaces, anything else outside it a question mark rather than a wrong glyph.
 */
const windows1252Extras = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
export const printable = (text: string) =>
  text.replace(/[\u2009\u202f]/g, '\u00a0').replace(/[^\n\u0020-\u007e\u00a0-\u00ff]/gu, (char) => (windows1252Extras.includes(char) ? char : '?'));

/** The bytes a PDFKit document makes once it ends. */
export function pdfBytes(doc: NodeJS.EventEmitter): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}
