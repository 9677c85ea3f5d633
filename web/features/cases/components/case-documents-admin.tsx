import { useRef, useState, type FormEvent } from 'react';
import { caseDocumentRule, type CaseDetail } from '#common/cases/cases.contract.ts';
import { acceptAttribute, fileProblem } from '#common/intake/uploads.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { showRefusal } from '#web/lib/failure-toast.ts';
import { useMayUse } from '#web/lib/may-use.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useUploadAdminCaseDocument } from '../api/cases.admin.queries.ts';
import { CaseFileAdmin, type FileMark } from './case-file-admin.tsx';

/**
 * The case's documents for the firm: each to download or see in the page, marked when a newer
 * upload or a rejection of its request (`marks`) says not to work from it; and one to upload for the client.
 */
export function CaseDocumentsAdmin({ detail, marks = new Map() }: { detail: CaseDetail; marks?: Map<string, FileMark> }) {
  const { t } = useTranslation(['admin', 'cases']);
  const input = useRef<HTMLInputElement>(null);
  const [inputKey, setInputKey] = useState(0);
  const upload = useUploadAdminCaseDocument(detail.id, { failureTitle: t('cases:documents.failureTitle') });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) return showRefusal(t('cases:documents.missingTitle'));
    const problem = fileProblem(file, caseDocumentRule);
    if (problem) return showRefusal(t(problem));
    upload.mutate(file, {
      onSuccess: (document) => {
        toast({ title: t('cases:documents.successTitle'), description: document.name, variant: 'success' });
        setInputKey((key) => key + 1);
      },
    });
  };
  const mayUpload = useMayUse('POST /api/admin/cases/:id/documents');
  return (
    <section className="space-y-3">
      <h2 className="text-lg font-semibold text-brand-900">{t('cases.documents')}</h2>
      {detail.documents.length === 0 ? (
        <p className="text-sm text-slate-700">{t('cases.noDocuments')}</p>
      ) : (
        <ul className="space-y-1">
          {detail.documents.map((document) => (
            <CaseFileAdmin key={document.id} caseId={detail.id} document={document} mark={marks.get(document.id)} />
          ))}
        </ul>
      )}
      {mayUpload ? (
        <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
          <FormField label={t('cases.uploadForClient')} hint={t('cases:documents.fileHint')} className="flex-1">
            <input key={inputKey} ref={input} type="file" accept={acceptAttribute(caseDocumentRule)} className="block w-full text-sm text-slate-800" />
          </FormField>
          <Button type="submit" variant="outline" disabled={upload.isPending}>
            {t('cases.upload')}
          </Button>
        </form>
      ) : null}
    </section>
  );
}
