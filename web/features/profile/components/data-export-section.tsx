import { Download } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { useTranslation } from '#web/lib/translation.tsx';
import { useDataExport } from '../api/account-data.queries.ts';

/** How long the archive's address stays valid after the browser was handed it. */
const archiveUrlLifetimeMs = 60_000;

/** 'Descargar mis datos': everything kept about the client, in one archive. */
export function DataExportSection() {
  const { t } = useTranslation('account-data');
  const dataExport = useDataExport({ failureTitle: t('export.errorTitle') });

  const download = () =>
    dataExport.mutate(undefined, {
      onSuccess: ({ archive, fileName }) => {
        const url = URL.createObjectURL(archive);
        const link = document.createElement('a');
        link.href = url;
        link.download = fileName;
        link.click();
        setTimeout(() => URL.revokeObjectURL(url), archiveUrlLifetimeMs);
        toast({ title: t('export.success'), variant: 'success' });
      },
    });

  return (
    <section aria-labelledby="data-export-title" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id="data-export-title" className="text-lg font-semibold text-brand-900">
        {t('export.title')}
      </h2>
      <p className="mt-2 text-sm text-slate-700">{t('export.description')}</p>
      <Button
        variant="outline"
        className="mt-4"
        onClick={download}
        isBusy={dataExport.isPending}
        busyLabel={
          <>
            <Download className="h-4 w-4" aria-hidden />
            {t('export.busy')}
          </>
        }
      >
        <Download className="h-4 w-4" aria-hidden />
        {t('export.button')}
      </Button>
    </section>
  );
}
