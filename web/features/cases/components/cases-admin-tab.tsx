import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, FolderOpen } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  caseDocumentRule,
  suggestedCaseStatuses,
  type AdminCaseRow,
  type CaseDetail,
  type CaseDocument,
  type CaseMessage,
} from '#common/cases/cases.contract.ts';
import { acceptAttribute, fileProblem } from '#common/intake/uploads.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input, Textarea } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { AdminTable, type Column } from '#web/components/admin/admin-table.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { useAdminDate } from '#web/lib/use-admin-date.ts';
import { api } from '#web/lib/api.ts';
import { caseStatusTone } from '../case-status-tone.ts';

function useCaseWrite<T, R>(request: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'cases'] }),
  });
}

function StatusForm({ detail }: { detail: CaseDetail }) {
  const { t } = useTranslation('admin');
  const listId = useId();
  const [status, setStatus] = useState(detail.status);
  const save = useCaseWrite((next: string) =>
    api<CaseDetail>(`/api/admin/cases/${detail.id}/status`, { method: 'PUT', body: JSON.stringify({ status: next }) }),
  );
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!status.trim() || status.trim() === detail.status) return;
        save.mutate(status.trim(), {
          onSuccess: () => toast({ title: t('update.success'), variant: 'success' }),
          onError: (error) => toast({ title: t('update.error'), description: error.message, variant: 'destructive' }),
        });
      }}
    >
      <FormField label={t('cases.newStatus')} hint={t('cases.statusHint')} className="min-w-64 flex-1">
        <Input list={listId} value={status} onChange={(event) => setStatus(event.target.value)} />
      </FormField>
      <datalist id={listId}>
        {suggestedCaseStatuses.map((suggestion) => (
          <option key={suggestion} value={suggestion} />
        ))}
      </datalist>
      <Button type="submit" disabled={save.isPending || !status.trim() || status.trim() === detail.status}>
        {t('cases.saveStatus')}
      </Button>
    </form>
  );
}

function DocumentsBlock({ detail }: { detail: CaseDetail }) {
  const { t } = useTranslation(['admin', 'cases']);
  const input = useRef<HTMLInputElement>(null);
  const [inputKey, setInputKey] = useState(0);
  const upload = useCaseWrite((file: File) => {
    const body = new FormData();
    body.append('document', file, file.name);
    return api<CaseDocument>(`/api/admin/cases/${detail.id}/documents`, { method: 'POST', body });
  });
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
              <a className="inline-flex items-center gap-1 text-sm text-brand-700 underline" href={`/api/admin/cases/${detail.id}/documents/${document.id}`} download={document.name}>
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

function ThreadBlock({ detail }: { detail: CaseDetail }) {
  const { t } = useTranslation('admin');
  const date = useAdminDate();
  const [body, setBody] = useState('');
  const reply = useCaseWrite((text: string) =>
    api<CaseMessage>(`/api/admin/cases/${detail.id}/messages`, { method: 'POST', body: JSON.stringify({ body: text }) }),
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
      <form
        className="space-y-2"
        onSubmit={(event) => {
          event.preventDefault();
          // An empty or whitespace reply is ignored (docs/product/rules.md).
          if (!body.trim()) return;
          reply.mutate(body.trim(), {
            onSuccess: () => {
              toast({ title: t('chatReply.success'), variant: 'success' });
              setBody('');
            },
            onError: (error) => toast({ title: t('chatReply.error'), description: error.message, variant: 'destructive' }),
          });
        }}
      >
        <FormField label={t('cases.reply')}>
          <Textarea rows={3} value={body} onChange={(event) => setBody(event.target.value)} />
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
  const date = useAdminDate();
  const [isOpen, setOpen] = useState(false);
  const detail = useQuery({
    queryKey: ['admin', 'cases', 'detail', row.id],
    queryFn: () => api<CaseDetail>(`/api/admin/cases/${row.id}`),
    enabled: isOpen,
  });
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
            <section className="space-y-3">
              <div className="flex items-center gap-2">
                <span className="text-sm text-slate-700">{t('columns.status')}:</span>
                <Badge tone={caseStatusTone(detail.data.status)}>{detail.data.status}</Badge>
              </div>
              <StatusForm key={detail.data.status} detail={detail.data} />
              <h3 className="font-semibold text-brand-900">{t('cases.history')}</h3>
              <ol className="space-y-1 text-sm text-slate-800">
                {detail.data.history.map((change) => (
                  <li key={`${change.createdAt}-${change.status}`}>
                    {date(change.createdAt)} · {change.status}
                  </li>
                ))}
              </ol>
            </section>
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
  const { t } = useTranslation('admin');
  const date = useAdminDate();
  const columns: Column<AdminCaseRow>[] = [
    { header: t('columns.case'), cell: (row) => <span className="font-mono font-semibold text-slate-900">{row.displayId}</span> },
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
    { header: t('columns.status'), cell: (row) => <Badge tone={caseStatusTone(row.status)}>{row.status}</Badge> },
    { header: t('columns.actions'), cell: (row) => <ManageCase row={row} /> },
  ];
  return <AdminTable resource="cases" section={t('tabs.cases')} columns={columns} rowKey={(row) => String(row.id)} emptyText={t('cases.empty')} />;
}
