/** One photographed page: a baseline JPEG (what a canvas encodes, RGB) and its size in pixels. */
export type JpegPage = { jpeg: Uint8Array; width: number; height: number };

/** The long side of a page in PDF points: an A4 sheet's (297 mm), so the file prints at a paper's size. */
const pageLongSide = 842;

/**
 * A PDF (1.4) with one page per photo, each page the photo's shape with its long side an A4 sheet's, the
 * JPEG embedded as it is (DCTDecode: never decoded or re-encoded). Objects: 1 the catalog, 2 the page
 * tree, then per page its page, image and drawing; the cross-reference table gives each one's offset.
 */
export function pdfOfJpegs(pages: readonly JpegPage[]): Uint8Array<ArrayBuffer> {
  const encoder = new TextEncoder();
  const chunks: Uint8Array[] = [];
  const offsets: number[] = [];
  let length = 0;
  const add = (chunk: Uint8Array | string) => {
    const bytes = typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
    chunks.push(bytes);
    length += bytes.length;
  };
  const object = (id: number, body: string, stream?: Uint8Array) => {
    offsets[id] = length;
    add(`${id} 0 obj\n${body}\n`);
    if (stream) {
      add('stream\n');
      add(stream);
      add('\nendstream\n');
    }
    add('endobj\n');
  };
  const firstId = (index: number) => 3 + index * 3;

  // A comment of bytes above 127 after the header tells tools the file is binary.
  add('%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n');
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  const kids = pages.map((_, index) => `${firstId(index)} 0 R`).join(' ');
  object(2, `<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`);
  pages.forEach((page, index) => {
    const id = firstId(index);
    const scale = pageLongSide / Math.max(page.width, page.height);
    const width = (page.width * scale).toFixed(2);
    const height = (page.height * scale).toFixed(2);
    const drawing = encoder.encode(`q ${width} 0 0 ${height} 0 0 cm /Photo Do Q`);
    object(id, `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Resources << /XObject << /Photo ${id + 1} 0 R >> >> /Contents ${id + 2} 0 R >>`);
    object(
      id + 1,
      `<< /Type /XObject /Subtype /Image /Width ${page.width} /Height ${page.height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${page.jpeg.length} >>`,
      page.jpeg,
    );
    object(id + 2, `<< /Length ${drawing.length} >>`, drawing);
  });

  const size = firstId(pages.length);
  const xref = length;
  add(`xref\n0 ${size}\n0000000000 65535 f \n`);
  for (let id = 1; id < size; id += 1) add(`${String(offsets[id]).padStart(10, '0')} 00000 n \n`);
  add(`trailer\n<< /Size ${size} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);

  const pdf = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    pdf.set(chunk, at);
    at += chunk.length;
  }
  return pdf;
}
