import { Trash2 } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { Button } from '#web/components/ui/button.tsx';
import { Tooltip } from '#web/components/ui/tooltip.tsx';
import { useAdminDelete } from '#web/lib/admin-list.ts';
import { useTranslation } from '#web/lib/translation.tsx';

/** Deletes one record after the confirmation of docs/product/pages.md; the server writes the audit entry. */
export function DeleteButton({ resource, id, label }: { resource: string; id: string; label: string }) {
  const { t } = useTranslation('admin');
  const remove = useAdminDelete(resource, { failureTitle: t('delete.error'), successTitle: t('delete.success') });
  return (
    <AlertDialog.Root>
      <Tooltip label={t('delete.label', { item: label })}>
        <AlertDialog.Trigger asChild>
          <Button variant="ghostDanger" size="sm" aria-label={t('delete.label', { item: label })}>
            <Trash2 className="h-4 w-4" aria-hidden />
          </Button>
        </AlertDialog.Trigger>
      </Tooltip>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold text-brand-900">{t('delete.title')}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-700">{t('delete.description')}</AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="outline">{t('delete.cancel')}</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button
                variant="destructive"
                onClick={() => remove.mutate(id)}
              >
                {t('delete.confirm')}
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
