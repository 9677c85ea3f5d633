import { Download, FileCheck2 } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { caseDocumentRule, type CaseDetail } from '#common/cases/cases.contract.ts';
import { formatLongDate } from '#common/long-date.ts';
import { acceptAttribute, fileProblem } from '#common/intake/uploads.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { showRefusal } from '#web/lib/failure-toast.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLanguage } from '#web/lib/use-language.ts';
import { caseDocumentUrl, useUploadCaseDocument } from '../api/cases.queries.ts';

/** The two-part messages of docs/product/messages.md for what the browser can check before sending. */
const problemToasts: Record<string, { title: string; description?: string }> = {
  [caseDocumentRule.messages.tooLarge]: { title: 'documents.tooLargeTitle', description: 'documents.tooLargeDescription' },
  [caseDocumentRule.messages.type]: { title: 'documents.typeTitle', description: 'documents.typeDescription' },
};

/** The documents of a case, all shown as delivered, with download and the upload form. */
export function CaseDocuments({ caseItem }: { caseItem: CaseDetail }) {
  const { t } = useTranslation('cases');
  const language = useLanguage();
  const upload = useUploadCaseDocument(caseItem.id, { failureTitle: t('documents.failureTitle') });
  const input = useRef<HTMLInputElement>(null);
  // A new key clears the native input after an upload.
  const [inputKey, setInputKey] = useState(0);

  function submit(event: FormEvent) {
    event.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) {
      showRefusal(t('documents.missingTitle'));
      return;
    }
    const problem = fileProblem(file, caseDocumentRule);
    if (problem) {
      const known = problemToasts[problem];
      showRefusal(t(known?.title ?? problem), known?.description ? t(known.description) : undefined);
      return;
    }
    upload.mutate(file, {
      onSuccess: (document) => {
        toast({ title: t('documents.successTitle'), description: t('documents.successDescription', { name: document.name }), variant: 'success' });
        setInputKey((key) => key + 1);
      },
    });
  }

  return (
    <div className="space-y-6">
      {caseItem.documents.length === 0 ? (
        <p className="text-sm text-slate-700">{t('documents.empty')}</p>
      ) : (
        <ul aria-label={t('tabs.documents')} className="divide-y divide-slate-200 rounded-lg border border-slate-200">
          {caseItem.documents.map((document) => (
            <li key={document.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <span className="flex min-w-0 items-center gap-2">
                <FileCheck2 className="h-4 w-4 shrink-0 text-brand-700" aria-hidden />
                <span className="truncate text-sm text-slate-900">{document.name}</span>
                <span className="text-xs text-slate-600">{formatLongDate(document.createdAt, language)}</span>
              </span>
              <span className="flex items-center gap-2">
                <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-900">{t('documents.delivered')}</span>
                <a
                  href={caseDocumentUrl(caseItem.id, document.id)}
                  download={document.name}
                  aria-label={t('documents.download', { name: document.name })}
                  className="rounded p-1 text-brand-800 hover:bg-brand-50"
                >
                  <Download className="h-4 w-4" aria-hidden />
                </a>
              </span>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} noValidate className="space-y-3 rounded-lg bg-slate-50 p-4">
        <h3 className="font-semibold text-slate-900">{t('documents.uploadTitle')}</h3>
        <FormField label={t('documents.file')} hint={t('documents.fileHint')}>
          <input
            key={inputKey}
            ref={input}
            type="file"
            accept={acceptAttribute(caseDocumentRule)}
            className="block w-full text-sm text-slate-700 file:mr-4 file:rounded-md file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-800 hover:file:bg-brand-100"
          />
        </FormField>
        <Button type="submit" isBusy={upload.isPending} busyLabel={t('documents.uploading')}>
          {t('documents.submit')}
        </Button>
      </form>
    </div>
  );
}
