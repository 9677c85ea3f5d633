import type { AdminListQuery, Page } from '#common/admin/paging.contract.ts';
import type { Language } from '#common/i18n/languages.ts';
import type { AdminPaymentRow } from '#common/payments/payments.contract.ts';
import { adminPage } from '#server/platform/admin-page.ts';
import { listPaymentsForAdmin } from './payments.repository.ts';
import type { PaymentsDeps } from './payments.service.ts';

export async function adminPaymentsPage(
  { db, fulfilment }: Pick<PaymentsDeps, 'db' | 'fulfilment'>,
  query: AdminListQuery,
  language: Language,
): Promise<Page<AdminPaymentRow>> {
  const { rows, total } = await listPaymentsForAdmin(db, query, language);
  const invoices = await fulfilment.invoiceLinks(db, rows.map((row) => row.id));
  const withdrawals = await fulfilment.withdrawals(db, rows.map((row) => row.id));
  return adminPage(
    query,
    rows.map(({ clientName, clientEmail, ...row }) => ({
      ...row,
      invoices: invoices.get(row.id) ?? [],
      serviceTitle: row.serviceTitle ?? row.serviceId,
      client: { name: clientName, email: clientEmail },
      withdrawnAt: withdrawals.get(row.id)?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
    total,
  );
}
