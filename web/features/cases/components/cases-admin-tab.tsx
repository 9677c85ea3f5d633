import { zodResolver } from '@hookform/resolvers/zod';
import { Download, FolderOpen } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  caseDocumentRule,
  caseMessageInputSchema,
  type AdminCaseRow,
  type CaseDetail,
  type CaseMessageInput,
} from '#common/cases/cases.contract.ts';
import { acceptAttribute, fileProblem } from '#common/intake/uploads.ts';
import { AdminTable, type Column } from '#web/components/admin/admin-table.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Textarea } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { useAdminDate } from '#web/lib/use-admin-date.ts';
import { adminCaseDocumentUrl, useAdminCase, useReplyToCase, useUploadAdminCaseDocument } from '../api/cases.admin.queries.ts';
import { adminCasesResource } from '../api/cases.queries.ts';
import { CaseRequestsAdmin } from './case-requests-admin.tsx';
import { caseStageTone } from '../case-stage-tone.ts';
import { CaseStageAdmin } from './case-stage-admin.tsx';

export function DocumentsBlock({ detail }: { detail: CaseDetail }) {
  const { t } = useTranslation(['admin', 'cases']);
  const input = useRef<HTMLInputElement>(null);
  const [inputKey, setInputKey] = useState(0);
  const upload = useUploadAdminCaseDocument(detail.id);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) return toast({ title: t('cases:documents.missingTitle'), variant: 'destructive' });
    const problem = fileProblem(file, caseDocumentRule);
    if (problem) return toast({ title: t(problem), variant: 'destructive' });
    upload.mutate(file, {
      onSuccess: (document) => {
        toast({ title: t('cases:documents.successTitle'), description: document.name, variant: 'success' });
        setInputKey((key) => key + 1);
      },
      onError: (error) => toast({ title: t('cases:documents.failureTitle'), description: error.message, variant: 'destructive' }),
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

export function ThreadBlock({ detail }: { detail: CaseDetail }) {
  const { t } = useTranslation('admin');
  const date = useAdminDate();
  const reply = useReplyToCase(detail.id);
  const form = useForm<CaseMessageInput>({ resolver: zodResolver(caseMessageInputSchema), defaultValues: { body: '' } });
  // An empty or whitespace reply is not sent (docs/product/rules.md): the contract refuses it.
  const onSubmit = form.handleSubmit((input) =>
    reply.mutate(input, {
      onSuccess: () => {
        toast({ title: t('chatReply.success'), variant: 'success' });
        form.reset();
      },
      onError: (error) => toast({ title: t('chatReply.error'), description: error.message, variant: 'destructive' }),
    }),
  );
  return (
    <section className="space-y-3">
      <h3 className="font-semibold text-brand-900">{t('cases.thread')}</h3>
      {detail.messages.length === 0 ? (
        <p className="text-sm text-slate-700">{t('cases.noMessages')}</p>
      ) : (
        <ol className="space-y-2">
          {detail.messages.map((message) => (
            <li key={message.id} className={message.author === 'firm' ? 'ml-8 rounded-md bg-brand-50 p-3' : 'mr-8 rounded-md bg-slate-100 p-3'}>
              <p className="text-xs font-semibold text-slate-700">
                {message.author === 'firm' ? t('cases.fromFirm') : t('cases.fromClient')} · {date(message.createdAt)}
              </p>
              <p className="mt-1 whitespace-pre-line text-sm text-slate-900">{message.body}</p>
            </li>
          ))}
        </ol>
      )}
      <form className="space-y-2" noValidate onSubmit={onSubmit}>
        <FormField label={t('cases.reply')} error={form.formState.errors.body?.message}>
          <Textarea rows={3} {...form.register('body')} />
        </FormField>
        <Button type="submit" disabled={reply.isPending}>
          {t('cases.sendReply')}
        </Button>
      </form>
    </section>
  );
}

function ManageCase({ row }: { row: AdminCaseRow }) {
  const { t } = useTranslation('admin');
  const [isOpen, setOpen] = useState(false);
  const detail = useAdminCase(row.id, isOpen);
  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} aria-label={t('cases.manage', { id: row.displayId })}>
        <FolderOpen className="h-4 w-4" aria-hidden />
        {t('cases.open')}
      </Button>
      <DialogContent
        title={`${row.displayId} · ${row.serviceTitle ?? ''}`}
        description={`${row.client.name} · ${row.client.email}`}
        className="max-w-3xl"
      >
        {detail.data ? (
          <div className="space-y-8">
            <CaseStageAdmin detail={detail.data} />
            <CaseRequestsAdmin caseId={row.id} />
            <DocumentsBlock detail={detail.data} />
            <ThreadBlock detail={detail.data} />
          </div>
        ) : (
          <p role="status" className="text-sm text-slate-700">
            {detail.error ? detail.error.message : t('table.loading')}
          </p>
        )}
      </DialogContent>
    </Dialog>
  );
}

export function CasesAdminTab() {
  const { t } = useTranslation(['admin', 'cases']);
  const date = useAdminDate();
  const columns: Column<AdminCaseRow>[] = [
    {
      header: t('columns.case'),
      cell: (row) => (
        <span className="flex flex-wrap items-center gap-2">
          <Link to={`/admin/expedientes/${row.displayId}`} className="font-mono font-semibold text-brand-800 underline" aria-label={t('cases.openPage', { id: row.displayId })}>
            {row.displayId}
          </Link>
          {row.unread > 0 ? <Badge tone="blue">{t('cases.unread', { n: row.unread })}</Badge> : null}
        </span>
      ),
    },
    { header: t('columns.date'), cell: (row) => <span className="whitespace-nowrap">{date(row.createdAt)}</span> },
    {
      header: t('columns.client'),
      cell: (row) => (
        <div>
          <p className="font-medium text-slate-900">{row.client.name}</p>
          <p className="text-slate-700">{row.client.email}</p>
        </div>
      ),
    },
    { header: t('columns.service'), cell: (row) => row.serviceTitle ?? '—' },
    { header: t('cases.stage'), cell: (row) => <Badge tone={caseStageTone(row.stage)}>{t(`cases:stages.names.${row.stage}`)}</Badge> },
    { header: t('columns.actions'), cell: (row) => <ManageCase row={row} /> },
  ];
  return <AdminTable resource={adminCasesResource} section={t('tabs.cases')} columns={columns} rowKey={(row) => String(row.id)} emptyText={t('cases.empty')} />;
}
