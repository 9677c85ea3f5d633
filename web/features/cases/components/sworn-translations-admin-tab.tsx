import { Download } from 'lucide-react';
import type { SwornTranslationDocument } from '#common/cases/sworn-translation.contract.ts';
import { SimpleTable, type SimpleColumn } from '#web/components/ui/simple-table.tsx';
import { useTranslation } from '#web/lib/translation.tsx';
import { useAdminDate } from '#web/lib/use-admin-date.ts';
import { adminCaseDocumentUrl, useSwornTranslationDocuments } from '../api/cases.admin.queries.ts';

/** The translator's tab: each document a client uploaded to a request flagged for a sworn translation, to download. */
export function SwornTranslationsAdminTab() {
  const { t } = useTranslation('admin');
  const date = useAdminDate();
  const documents = useSwornTranslationDocuments({ failureTitle: t('swornTranslations.loadError') });
  const columns: SimpleColumn<SwornTranslationDocument>[] = [
    { header: t('swornTranslations.columns.case'), cell: (row) => row.displayId, className: 'whitespace-nowrap' },
    { header: t('swornTranslations.columns.request'), cell: (row) => row.requestTitle },
    {
      header: t('swornTranslations.columns.document'),
      cell: (row) => (
        <a className="inline-flex items-center gap-1 text-brand-700 underline" href={adminCaseDocumentUrl(row.caseId, row.documentId)} download={row.name}>
          <Download className="h-4 w-4" aria-hidden />
          {t('translations.download', { name: row.name })}
        </a>
      ),
    },
    { header: t('swornTranslations.columns.uploaded'), cell: (row) => date(row.uploadedAt), className: 'whitespace-nowrap' },
  ];
  return (
    <SimpleTable caption={t('tabs.swornTranslations')} columns={columns} rows={documents.data ?? []} rowKey={(row) => row.documentId}>
      {documents.data?.length === 0 ? <p className="p-4 text-sm text-slate-700">{t('swornTranslations.empty')}</p> : null}
    </SimpleTable>
  );
}
