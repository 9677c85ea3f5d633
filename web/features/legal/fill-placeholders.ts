import type { Firm } from '#common/firm.ts';

const placeholders = ['legalName', 'brandName', 'taxId', 'address', 'email', 'phone', 'web', 'barRegistration'] as const;
type Placeholder = (typeof placeholders)[number];

function isPlaceholder(name: string): name is Placeholder {
  return (placeholders as readonly string[]).includes(name);
}

/** Backslash-escapes what Markdown could read as inline syntax, so a value shows exactly as configured. */
function escapeMarkdown(value: string): string {
  return value.replace(/[\\`*_[\]<>~&]/g, '\\$&');
}

/**
 * Puts the firm's identity into a legal text: `{{legalName}}`, `{{taxId}}`… An empty bar registration
 * reads as `notApplicable`; unknown placeholders are left as written.
 */
export function fillPlaceholders(markdown: string, firm: Firm, notApplicable: string): string {
  const values: Record<Placeholder, string> = {
    legalName: firm.legalName,
    brandName: firm.brandName,
    taxId: firm.taxId,
    address: firm.address,
    email: firm.email,
    phone: firm.phone,
    web: firm.web,
    barRegistration: firm.barRegistration.trim() || notApplicable,
  };
  return markdown.replace(/\{\{(\w+)\}\}/g, (match, name: string) =>
    isPlaceholder(name) ? escapeMarkdown(values[name]) : match,
  );
}
