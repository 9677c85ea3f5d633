import { AlertTriangle, Camera, Download, FileText, Languages } from 'lucide-react';
import { lazy, Suspense, useState, type ChangeEvent } from 'react';
import { Link } from 'react-router';
import { orderForClient, type CaseRequest, type CaseRequestStatus } from '#common/cases/case-requests.contract.ts';
import { caseDocumentRule, type CaseFamilyMember } from '#common/cases/cases.contract.ts';
import { firmDay } from '#common/dates.ts';
import { formatLongDate } from '#common/long-date.ts';
import { acceptAttribute, fileProblem } from '#common/intake/uploads.ts';
import { translationQuoteHref } from '#common/translations/quote-prefill.ts';
import { Badge, type BadgeTone } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { showRefusal } from '#web/lib/failure-toast.ts';
import { cn } from '#web/lib/cn.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLanguage } from '#web/lib/use-language.ts';
import { useCaseRequests, useUploadToRequest } from '../api/case-requests.queries.ts';
import { caseDocumentUrl } from '../api/cases.queries.ts';
import { ChecklistGroups } from './case-family-members.tsx';

const PhotographDocument = lazy(() => import('./photograph-document.tsx').then((module) => ({ default: module.PhotographDocument })));

export const requestStatusTone: Record<CaseRequestStatus, BadgeTone> = { requested: 'grey', received: 'yellow', accepted: 'green', rejected: 'red' };

/** The flags of a document in plain words, as the client should act on them. */
export function DocumentFlags({ request }: { request: CaseRequest }) {
  const { t } = useTranslation('case-requests');
  const flags = [
    request.isApostilleRequired ? t('flags.apostille') : null,
    request.isSwornTranslationRequired ? t('flags.sworn') : null,
    request.validityMonths === null ? null : t('flags.validity', { count: request.validityMonths }),
    // A member's own copy is already theirs: 'one per family member' speaks of the client's.
    request.isPerFamilyMember && request.familyMemberId === null ? t('flags.perMember') : null,
  ].filter((flag) => flag !== null);
  if (flags.length === 0) return null;
  return (
    <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
      {flags.map((flag) => (
        <li key={flag}>{flag}</li>
      ))}
    </ul>
  );
}

/** Sends a file to a request, as the file input and the camera's PDF both do: checked first, then the same toast. */
function useRequestUpload(caseId: number, request: CaseRequest) {
  const { t } = useTranslation(['case-requests', 'cases']);
  const upload = useUploadToRequest(caseId, { failureTitle: t('uploadFailed') });

  function send(file: File, { onSuccess, onSettled }: { onSuccess?: () => void; onSettled?: () => void } = {}) {
    const problem = fileProblem(file, caseDocumentRule);
    if (problem) {
      showRefusal(t('uploadFailed'), t(problem));
      onSettled?.();
      return;
    }
    upload.mutate(
      { requestId: request.id, file },
      {
        onSuccess: () => {
          toast({ title: t('uploaded'), variant: 'success' });
          onSuccess?.();
        },
        onSettled,
      },
    );
  }

  return { send, isPending: upload.isPending };
}

type RequestUpload = ReturnType<typeof useRequestUpload>;

function UploadButton({ request, upload, onUploaded }: { request: CaseRequest; upload: RequestUpload; onUploaded?: () => void }) {
  const { t } = useTranslation(['case-requests', 'cases']);
  // A new key clears the native input after each upload, so the same file can be chosen again.
  const [inputKey, setInputKey] = useState(0);

  function send(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    upload.send(file, { onSuccess: onUploaded, onSettled: () => setInputKey((key) => key + 1) });
  }

  const label = request.status === 'rejected' ? t('uploadAgain') : request.documents.length > 0 ? t('uploadMore') : t('upload');
  return (
    <label
      className={cn(
        'inline-flex cursor-pointer items-center rounded-md bg-brand-800 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-900 focus-within:outline focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-800',
        upload.isPending && 'pointer-events-none opacity-60',
      )}
    >
      {upload.isPending ? t('uploading') : label}
      <input
        key={inputKey}
        type="file"
        className="sr-only"
        accept={acceptAttribute(caseDocumentRule)}
        aria-label={t('uploadFor', { title: request.title })}
        disabled={upload.isPending}
        onChange={send}
      />
    </label>
  );
}

/**
 * "Fotografiar documento": a dialog whose camera code loads only when it opens, and which sends the pages
 * as one PDF through the request's upload; the file upload inside it too, when there is no camera.
 */
function PhotographButton({ request, upload }: { request: CaseRequest; upload: RequestUpload }) {
  const { t } = useTranslation('case-requests');
  const [isOpen, setIsOpen] = useState(false);
  const close = () => setIsOpen(false);
  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={t('camera.openFor', { title: request.title })}>
          <Camera className="h-4 w-4" aria-hidden />
          {t('camera.open')}
        </Button>
      </DialogTrigger>
      {isOpen ? (
        <DialogContent title={t('camera.title', { title: request.title })} width="lg">
          <Suspense fallback={<p className="text-sm text-slate-700">{t('camera.loading')}</p>}>
            <PhotographDocument
              title={request.title}
              maxBytes={caseDocumentRule.maxBytes}
              isSending={upload.isPending}
              onSend={(file) => upload.send(file, { onSuccess: close })}
              fileUpload={<UploadButton request={request} upload={upload} onUploaded={close} />}
            />
          </Suspense>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function RequestUploads({ caseId, request }: { caseId: number; request: CaseRequest }) {
  const upload = useRequestUpload(caseId, request);
  return (
    <>
      <UploadButton request={request} upload={upload} />
      <PhotographButton request={request} upload={upload} />
    </>
  );
}

function RequestItem({
  caseId,
  displayId,
  request,
  today,
  isGrouped,
}: {
  caseId: number;
  displayId: string;
  request: CaseRequest;
  today: string;
  /** Under a family member's (or the client's) group heading, one level below it. */
  isGrouped: boolean;
}) {
  const { t } = useTranslation(['case-requests', 'cases']);
  const language = useLanguage();
  const isOpen = request.status === 'requested' || request.status === 'rejected';
  const isOverdue = isOpen && request.dueDate !== null && request.dueDate < today;
  const Title = isGrouped ? 'h5' : 'h4';
  return (
    <li className={cn('space-y-3 p-4', isOverdue && 'bg-red-50')}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Title className="font-semibold text-slate-900">{request.title}</Title>
        <Badge tone={requestStatusTone[request.status]}>{t(`status.${request.status}`)}</Badge>
      </div>
      {request.dueDate && request.status !== 'accepted' ? (
        <p className={cn('flex items-center gap-1 text-sm', isOverdue ? 'font-semibold text-red-800' : 'text-slate-700')}>
          {isOverdue ? <AlertTriangle className="h-4 w-4" aria-hidden /> : null}
          {t(isOverdue ? 'overdue' : 'due', { date: formatLongDate(request.dueDate, language) })}
        </p>
      ) : null}
      {request.status === 'accepted' ? null : (
        <>
          {request.explanation ? <p className="text-sm text-slate-700">{request.explanation}</p> : null}
          <DocumentFlags request={request} />
        </>
      )}
      {request.status === 'rejected' && request.rejectionReason ? (
        <p className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">{t('rejectedReason', { reason: request.rejectionReason })}</p>
      ) : null}
      {request.documents.length > 0 ? (
        <ul aria-label={t('files')} className="space-y-1">
          {request.documents.map((document) => (
            <li key={document.id} className="flex items-center gap-2 text-sm text-slate-800">
              <FileText className="h-4 w-4 shrink-0 text-brand-700" aria-hidden />
              <span className="truncate">{document.name}</span>
              <a
                href={caseDocumentUrl(caseId, document.id)}
                download={document.name}
                aria-label={t('cases:documents.download', { name: document.name })}
                className="rounded p-1 text-brand-800 hover:bg-brand-50"
              >
                <Download className="h-4 w-4" aria-hidden />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {request.status === 'accepted' ? null : (
        <div className="flex flex-wrap items-center gap-3">
          <RequestUploads caseId={caseId} request={request} />
          {request.isSwornTranslationRequired ? (
            <Link to={translationQuoteHref(displayId, request.title)} className="inline-flex items-center gap-1 text-sm font-semibold text-brand-800 underline">
              <Languages className="h-4 w-4" aria-hidden />
              {t('translationQuote')}
            </Link>
          ) : null}
        </div>
      )}
    </li>
  );
}

/**
 * "What we need from you": the documents the firm asks for, the overdue ones first, each with what
 * it must look like (apostille, sworn translation, validity), the reason of a rejection, and its
 * upload; the client's own, then each family member's as a group of its own. Nothing shows while the
 * case has no requests.
 */
export function CaseRequests({ caseId, displayId, familyMembers }: { caseId: number; displayId: string; familyMembers: CaseFamilyMember[] }) {
  const { t } = useTranslation('case-requests');
  const requests = useCaseRequests(caseId);
  if (!requests.data || requests.data.length === 0) return null;
  const today = firmDay(new Date());
  const ordered = orderForClient(requests.data, today);
  const accepted = ordered.filter((request) => request.status === 'accepted').length;
  const headingId = `case-requests-${caseId}`;
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-lg border border-brand-200 bg-brand-50/40 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-base font-semibold text-brand-900">
          {t('title')}
        </h3>
        <p className="text-sm font-medium text-slate-800">{t('progress', { count: accepted, total: ordered.length })}</p>
      </div>
      <progress value={accepted} max={ordered.length} aria-label={t('progress', { count: accepted, total: ordered.length })} className="h-2 w-full accent-brand-700" />
      <p className="text-sm text-slate-700">{accepted === ordered.length ? t('allDone') : t('intro')}</p>
      <ChecklistGroups
        requests={ordered}
        members={familyMembers}
        renderList={(group) => (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {group.map((request) => (
              <RequestItem key={request.id} caseId={caseId} displayId={displayId} request={request} today={today} isGrouped={familyMembers.length > 0} />
            ))}
          </ul>
        )}
      />
    </section>
  );
}
