import jsQR from 'jsqr';
import { getDocument, ImageKind, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { standardFontDataUrl } from './pdf-text.ts';

type DecodedImage = { width: number; height: number; data: Uint8Array | Uint8ClampedArray; kind: number };

/** An image as pdf.js decoded it, turned into the RGBA pixels jsQR reads. */
function rgba(image: DecodedImage): Uint8ClampedArray {
  if (image.kind === ImageKind.RGBA_32BPP) return new Uint8ClampedArray(image.data);
  const pixels = new Uint8ClampedArray(image.width * image.height * 4);
  for (let index = 0; index < image.width * image.height; index += 1) {
    let value: [number, number, number];
    if (image.kind === ImageKind.RGB_24BPP) value = [image.data[index * 3] ?? 0, image.data[index * 3 + 1] ?? 0, image.data[index * 3 + 2] ?? 0];
    else {
      // One bit a pixel, rows padded to whole bytes, 1 for white.
      const rowBytes = Math.ceil(image.width / 8);
      const x = index % image.width;
      const y = Math.floor(index / image.width);
      const bit = ((image.data[y * rowBytes + (x >> 3)] ?? 0) >> (7 - (x & 7))) & 1;
      value = bit ? [255, 255, 255] : [0, 0, 0];
    }
    pixels.set([...value, 255], index * 4);
  }
  return pixels;
}

/** The text of every QR code drawn as an image on the PDF's pages, as a phone's camera would read it. */
export async function pdfQrCodes(bytes: Buffer): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl, useSystemFonts: false, isEvalSupported: false }).promise;
  const codes: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const operators = await page.getOperatorList();
    for (const [index, operator] of operators.fnArray.entries()) {
      if (operator !== OPS.paintImageXObject) continue;
      const name = operators.argsArray[index]?.[0] as string;
      const image = await new Promise<DecodedImage>((resolve) => page.objs.get(name, resolve));
      const code = jsQR(rgba(image), image.width, image.height);
      if (code) codes.push(code.data);
    }
  }
  await document.destroy();
  return codes;
}
