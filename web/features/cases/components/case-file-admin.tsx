import { Download, Eye } from 'lucide-react';
import type { CaseRequest } from '#common/cases/case-requests.contract.ts';
import type { CaseDocument } from '#common/cases/cases.contract.ts';
import { previewOf } from '#common/intake/uploads.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { useTranslation } from '#web/lib/translation.tsx';
import { adminCaseDocumentUrl } from '../api/cases.admin.queries.ts';

/** A file the firm should not work from: a newer upload answers its request, or its request was rejected. */
export type FileMark = 'superseded' | 'rejected';

/**
 * The marks of the files that answer the requests: every file but the newest of a request is
 * superseded; the newest is rejected while its request is (the client has not uploaded again yet).
 */
export function fileMarks(requests: CaseRequest[]): Map<string, FileMark> {
  const marks = new Map<string, FileMark>();
  for (const request of requests) {
    const files = [...request.documents].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    const newest = files.at(-1);
    for (const file of files) {
      if (file !== newest) marks.set(file.id, 'superseded');
      else if (request.status === 'rejected') marks.set(file.id, 'rejected');
    }
  }
  return marks;
}

/** The file shown in the page: an image as itself, a PDF in the browser's viewer, from the same address served inline. */
function FilePreview({ caseId, document }: { caseId: number; document: CaseDocument }) {
  const { t } = useTranslation('admin');
  const kind = previewOf(document.contentType);
  const url = adminCaseDocumentUrl(caseId, document.id);
  const shown = `${url}?disposition=inline`;
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={t('casePage.files.viewLabel', { name: document.name })}>
          <Eye className="h-4 w-4" aria-hidden />
          {t('casePage.files.view')}
        </Button>
      </DialogTrigger>
      <DialogContent title={document.name} width="2xl">
        {kind === 'image' ? (
          <img src={shown} alt={document.name} className="mx-auto max-h-[70vh] max-w-full rounded border border-slate-200" />
        ) : (
          <iframe src={shown} title={document.name} className="h-[70vh] w-full rounded border border-slate-200" />
        )}
        <a className="mt-3 inline-flex items-center gap-1 text-sm text-brand-700 underline" href={url} download={document.name}>
          <Download className="h-4 w-4" aria-hidden />
          {t('translations.download', { name: document.name })}
        </a>
      </DialogContent>
    </Dialog>
  );
}

/** One file of a case in the back office: its download, its mark, and "Ver" for a PDF or an image. */
export function CaseFileAdmin({ caseId, document, mark }: { caseId: number; document: CaseDocument; mark?: FileMark | undefined }) {
  const { t } = useTranslation('admin');
  return (
    <li className="flex flex-wrap items-center gap-2">
      <a
        className={`inline-flex items-center gap-1 text-sm underline ${mark ? 'text-slate-600' : 'text-brand-700'}`}
        href={adminCaseDocumentUrl(caseId, document.id)}
        download={document.name}
      >
        <Download className="h-4 w-4" aria-hidden />
        {t('translations.download', { name: document.name })}
      </a>
      {mark ? <Badge tone={mark === 'rejected' ? 'red' : 'grey'}>{t(`casePage.files.${mark}`)}</Badge> : null}
      {previewOf(document.contentType) ? <FilePreview caseId={caseId} document={document} /> : null}
    </li>
  );
}
