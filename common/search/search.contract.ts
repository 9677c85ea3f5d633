import { z } from 'zod';

/**
 * The back office's one search (Ctrl+K or "/"): clients by name, e-mail, phone, NIE or passport;
 * cases by their EXP number or the administration's file number; invoices by number; quotes by
 * whom they are for. Each kind answers its first few matches, each with its back-office page.
 */
export const searchKinds = ['clients', 'cases', 'invoices', 'quotes'] as const;
export type SearchKind = (typeof searchKinds)[number];

/** How many matches each kind answers: enough to recognise the one meant, few enough to read at a glance. */
export const searchLimitPerKind = 5;
export const searchMinLength = 2;

export const searchQuerySchema = z.object({
  q: z.string('search:termRequired').trim().min(searchMinLength, 'search:termTooShort').max(100, 'validation:tooLong'),
});

/** One match: what it is called, a line that tells it from its namesakes, and the page that opens it. */
const searchHitSchema = z.object({ id: z.string(), title: z.string(), detail: z.string(), href: z.string() });

export const searchResultsSchema = z.object({
  clients: z.array(searchHitSchema),
  cases: z.array(searchHitSchema),
  invoices: z.array(searchHitSchema),
  quotes: z.array(searchHitSchema),
});
export type SearchResults = z.infer<typeof searchResultsSchema>;

/** The back-office pages a match opens: a case its own page, the rest their tab searched for the record. */
export const searchLinks = {
  client: (email: string) => `/admin?tab=clientes&q=${encodeURIComponent(email)}`,
  invoice: (buyerEmail: string) => `/admin?tab=pagos&q=${encodeURIComponent(buyerEmail)}`,
  quote: (email: string) => `/admin?tab=presupuestos&q=${encodeURIComponent(email)}`,
};

/** A term as identifiers are compared: letters and digits only, upper case ("x-1234567-l" finds X1234567L). */
export function identifierOf(term: string): string {
  return term.toUpperCase().replace(/[^0-9A-Z]/g, '');
}
