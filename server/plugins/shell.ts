import type { Firm } from '#common/firm.ts';

const firmPlaceholder = '<!--firm-data-->';

/** The firm's identity travels in the page as inert JSON, so the web needs no extra request and no inline script. */
export function renderShell(indexHtml: string, firm: Firm): string {
  const json = JSON.stringify(firm).replaceAll('<', '\\u003c');
  return indexHtml.replace(firmPlaceholder, `<script id="firm-data" type="application/json">${json}</script>`);
}
