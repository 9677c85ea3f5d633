import { isStaffRole } from '#common/auth/staff-roles.ts';
import { useState, type ReactNode } from 'react';
import type { ClientRow } from '#common/admin/clients.contract.ts';
import type { Role } from '#common/auth/auth.contract.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { useSessionUser } from '#web/lib/session.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useAdminDate } from '#web/lib/use-admin-date.ts';
import { AdminTable, type Column } from '#web/components/admin/admin-table.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { useChangeClientRole } from '../api/clients.queries.ts';

function RoleButton({ row }: { row: ClientRow }) {
  const { t } = useTranslation('admin');
  const change = useChangeClientRole(row.id, { failureTitle: t('update.error') });
  const [isConfirming, setIsConfirming] = useState(false);
  const next: Role = isStaffRole(row.role) ? 'user' : 'owner';
  const name = `${row.firstName} ${row.lastName}`.trim();
  const apply = () =>
    change.mutate(next, {
      onSuccess: () => toast({ title: t('update.success'), variant: 'success' }),
      onSettled: () => setIsConfirming(false),
    });
  if (next === 'user') {
    return (
      <Button variant="outline" size="sm" disabled={change.isPending} onClick={apply}>
        {t('clients.removeAdmin')}
      </Button>
    );
  }
  // Admin powers reach every client's data: the person is named and the choice confirmed.
  return (
    <Dialog open={isConfirming} onOpenChange={setIsConfirming}>
      <Button variant="outline" size="sm" onClick={() => setIsConfirming(true)}>
        {t('clients.makeAdmin')}
      </Button>
      <DialogContent title={t('clients.makeAdminTitle', { name })} description={t('clients.makeAdminDescription', { name, email: row.email })}>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => setIsConfirming(false)}>
            {t('clients.cancel')}
          </Button>
          <Button disabled={change.isPending} onClick={apply}>
            {t('clients.makeAdmin')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** The accounts; `notes` is what the app composes from the notes feature on a client's row. */
export function ClientsAdminTab({ notes }: { notes?: (row: ClientRow) => ReactNode }) {
  const { t } = useTranslation('admin');
  const date = useAdminDate();
  const me = useSessionUser();
  const columns: Column<ClientRow>[] = [
    { header: t('columns.registered'), cell: (row) => <span className="whitespace-nowrap">{date(row.createdAt)}</span> },
    {
      header: t('columns.name'),
      cell: (row) => (
        <div>
          <p className="font-medium text-slate-900">{`${row.firstName} ${row.lastName}`.trim()}</p>
          <a className="text-brand-700 underline" href={`mailto:${row.email}`}>
            {row.email}
          </a>
          <p className="text-slate-700">{row.phone}</p>
        </div>
      ),
    },
    {
      header: t('columns.role'),
      cell: (row) => (
        <div className="flex flex-col items-start gap-1">
          <Badge tone={isStaffRole(row.role) ? 'red' : 'grey'}>{t(`clients.roles.${row.role}`)}</Badge>
          {row.isEmailVerified ? null : <Badge tone="yellow">{t('clients.unconfirmed')}</Badge>}
        </div>
      ),
    },
    {
      header: t('columns.holdings'),
      cell: (row) => (
        <ul className="whitespace-nowrap">
          <li>{t('clients.casesCount', { count: row.cases })}</li>
          <li>{t('clients.consultationsCount', { count: row.consultations })}</li>
          <li>{t('clients.paymentsCount', { count: row.payments })}</li>
        </ul>
      ),
    },
    {
      header: t('columns.actions'),
      cell: (row) => (
        <div className="flex items-center gap-1">
          {row.id === me?.id ? <span className="text-slate-700">{t('clients.you')}</span> : <RoleButton row={row} />}
          {isStaffRole(row.role) ? null : notes?.(row)}
        </div>
      ),
    },
  ];
  return (
    <AdminTable resource="clients" section={t('tabs.clients')} columns={columns} rowKey={(row) => row.id} emptyText={t('clients.empty')} />
  );
}
