import { Download } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { caseDocumentRule, type CaseDetail } from '#common/cases/cases.contract.ts';
import { acceptAttribute, fileProblem } from '#common/intake/uploads.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { showRefusal } from '#web/lib/failure-toast.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { adminCaseDocumentUrl, useUploadAdminCaseDocument } from '../api/cases.admin.queries.ts';

/** The case's documents for the firm: the client's to download, and one to upload for the client. */
export function CaseDocumentsAdmin({ detail }: { detail: CaseDetail }) {
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
  return (
    <section className="space-y-3">
      <h3 className="font-semibold text-brand-900">{t('cases.documents')}</h3>
      {detail.documents.length === 0 ? (
        <p className="text-sm text-slate-700">{t('cases.noDocuments')}</p>
      ) : (
        <ul className="space-y-1">
          {detail.documents.map((document) => (
            <li key={document.id}>
              <a className="inline-flex items-center gap-1 text-sm text-brand-700 underline" href={adminCaseDocumentUrl(detail.id, document.id)} download={document.name}>
                <Download className="h-4 w-4" aria-hidden />
                {t('translations.download', { name: document.name })}
              </a>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <FormField label={t('cases.uploadForClient')} hint={t('cases:documents.fileHint')} className="flex-1">
          <input key={inputKey} ref={input} type="file" accept={acceptAttribute(caseDocumentRule)} className="block w-full text-sm text-slate-800" />
        </FormField>
        <Button type="submit" variant="outline" disabled={upload.isPending}>
          {t('cases.upload')}
        </Button>
      </form>
    </section>
  );
}
