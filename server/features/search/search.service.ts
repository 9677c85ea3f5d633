import type { SessionUser } from '#common/auth/auth.contract.ts';
import { mayUse, type StaffRoute } from '#common/auth/permissions.ts';
import { caseDisplayId } from '#common/cases/cases.contract.ts';
import { identifierOf, searchLimitPerKind, searchLinks, type SearchKind, type SearchResults } from '#common/search/search.contract.ts';
import type { Db } from '#server/db/client.ts';
import { searchClients } from '#server/features/auth/accounts.service.ts';
import { searchCases } from '#server/features/cases/cases.service.ts';
import { searchInvoices } from '#server/features/invoices/invoices.service.ts';
import { searchQuotes } from '#server/features/quotes/quotes.service.ts';

export type SearchDeps = { db: Db };

/** Each kind is searched only for the staff whose role may open its list (common/auth/permissions.ts). */
const listOf: Record<SearchKind, StaffRoute> = {
  clients: 'GET /api/admin/clients',
  cases: 'GET /api/admin/cases',
  invoices: 'GET /api/admin/payments',
  quotes: 'GET /api/admin/quotes',
};

const joined = (...parts: Array<string | null>) => parts.filter(Boolean).join(' · ');

/**
 * The back office's one search: each owning feature answers its part (this feature owns no
 * table), at most `searchLimitPerKind` matches a kind, each with the page that opens it.
 */
export async function searchEverything({ db }: SearchDeps, staff: Pick<SessionUser, 'role'>, term: string): Promise<SearchResults> {
  const compact = identifierOf(term);
  const limit = searchLimitPerKind;
  const when = <T>(kind: SearchKind, read: () => Promise<T[]>) => (mayUse(staff.role, listOf[kind]) ? read() : Promise.resolve([]));
  const [clients, cases, invoices, quotes] = await Promise.all([
    when('clients', () => searchClients({ db }, term, compact, limit)),
    when('cases', () => searchCases({ db }, compact, limit)),
    when('invoices', () => searchInvoices({ db }, compact, limit)),
    when('quotes', () => searchQuotes({ db }, term, limit)),
  ]);
  return {
    clients: clients.map((row) => ({
      id: row.id,
      title: row.name,
      detail: joined(row.email, row.phone, row.nie, row.passportNumber),
      href: searchLinks.client(row.email),
    })),
    cases: cases.map((row) => {
      const displayId = caseDisplayId(row.id);
      return { id: String(row.id), title: displayId, detail: joined(row.clientName, row.fileNumber), href: `/admin/expedientes/${displayId}` };
    }),
    invoices: invoices.map((row) => ({ id: row.id, title: row.number, detail: joined(row.buyerName, row.buyerEmail), href: searchLinks.invoice(row.buyerEmail) })),
    quotes: quotes.map((row) => ({ id: row.id, title: row.name, detail: row.email, href: searchLinks.quote(row.email) })),
  };
}
