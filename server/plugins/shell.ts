import type { Firm } from '#common/firm.ts';
import { openingHoursForSchemaOrg, parseOpeningHours } from '#common/opening-hours.ts';

const firmPlaceholder = '<!--firm-data-->';

/** JSON inside a <script> element: `<` escaped, so no text can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');

/** schema.org's description of the firm, which search engines read from every page. */
function firmStructuredData(firm: Firm) {
  return {
    '@context': 'https://schema.org',
    '@type': 'LegalService',
    name: firm.brandName,
    legalName: firm.legalName,
    taxID: firm.taxId,
    address: firm.address,
    telephone: firm.phone,
    email: firm.email,
    url: firm.web,
    sameAs: firm.socialUrl ? [firm.socialUrl] : [],
    openingHours: openingHoursForSchemaOrg(parseOpeningHours(firm.hours) ?? []),
    knowsLanguage: ['es', 'en', 'fr'],
  };
}

/**
 * The firm's identity travels in the page as inert JSON, so the web needs no extra request and
 * no inline script; the same identity as structured data for search engines. Neither runs.
 */
export function renderShell(indexHtml: string, firm: Firm): string {
  return indexHtml.replace(
    firmPlaceholder,
    `<script id="firm-data" type="application/json">${scriptJson(firm)}</script>` +
      `<script type="application/ld+json">${scriptJson(firmStructuredData(firm))}</script>`,
  );
}
