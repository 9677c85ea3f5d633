import { pdfOfJpegs } from './photo-pdf.ts';

/** A page photographed for a document: its JPEG, its size in pixels, and an address to show it as a thumbnail. */
export type PhotoPage = { id: string; jpeg: Blob; width: number; height: number; url: string };

/** Why the camera cannot be used: the person (or the browser's settings) said no, or there is none. */
export type CameraProblem = 'refused' | 'absent';

/** The long side of a page's photo in pixels: a passport's small print stays legible, and a page weighs a few hundred kB. */
const longSide = 1600;

/**
 * Qualities tried in turn until a page fits its share of the upload limit: a document of ten pages
 * stays under the limit even when a page is full of detail (a worn, patterned passport page).
 */
const qualities = [0.7, 0.55, 0.4];

/** How many pages the upload limit is shared between, at worst. */
export const pagesWithinLimit = 10;

/** The rear camera where there is one (a phone's, the one that photographs a document), as sharp as it gives. */
export async function openCamera(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw new Error('absent');
  return navigator.mediaDevices.getUserMedia({
    audio: false,
    video: { facingMode: { ideal: 'environment' }, width: { ideal: 2560 }, height: { ideal: 1920 } },
  });
}

/** What a failed `getUserMedia` means for the person: refused (by them or by a setting), or no camera to use. */
export function cameraProblem(error: unknown): CameraProblem {
  const name = error instanceof Error ? error.name : '';
  return name === 'NotAllowedError' || name === 'SecurityError' ? 'refused' : 'absent';
}

function untilFrame(video: HTMLVideoElement): Promise<void> {
  if (video.videoWidth > 0) return Promise.resolve();
  return new Promise((resolve) => video.addEventListener('loadeddata', () => resolve(), { once: true }));
}

function jpegOf(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the canvas gave no JPEG'))), 'image/jpeg', quality);
  });
}

/**
 * The camera's current frame as a page: drawn to a canvas at most `longSide` pixels long, then encoded
 * as JPEG at the first quality that fits the page's share of `maxBytes`.
 */
export async function capturePage(video: HTMLVideoElement, maxBytes: number): Promise<PhotoPage> {
  await untilFrame(video);
  const scale = Math.min(1, longSide / Math.max(video.videoWidth, video.videoHeight));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(video.videoWidth * scale);
  canvas.height = Math.round(video.videoHeight * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2D canvas');
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  // The share leaves a little room for the PDF's own bytes.
  const share = (maxBytes * 0.98) / pagesWithinLimit;
  let jpeg = await jpegOf(canvas, qualities[0] ?? 0.7);
  for (const quality of qualities.slice(1)) {
    if (jpeg.size <= share) break;
    jpeg = await jpegOf(canvas, quality);
  }
  return { id: crypto.randomUUID(), jpeg, width: canvas.width, height: canvas.height, url: URL.createObjectURL(jpeg) };
}

/**
 * The pages, in their order, as one PDF file named after the document ('Pasaporte completo' →
 * 'pasaporte-completo.pdf'), or `fallbackName` when the title has no Latin letter or digit.
 */
export async function pdfFile(pages: readonly PhotoPage[], title: string, fallbackName: string): Promise<File> {
  const jpegs = await Promise.all(pages.map(async (page) => ({ jpeg: new Uint8Array(await page.jpeg.arrayBuffer()), width: page.width, height: page.height })));
  const name =
    title
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 80) || fallbackName;
  return new File([pdfOfJpegs(jpegs)], `${name}.pdf`, { type: 'application/pdf' });
}
