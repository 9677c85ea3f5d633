import type { ReactNode } from 'react';
import type { AdminChatMessage } from '#common/chat/chat.contract.ts';
import { formatAdminDateTime } from '#common/dates.ts';
import { DeleteButton } from '#web/components/admin/delete-button.tsx';
import { AdminTable, type Column } from '#web/components/admin/admin-table.tsx';
import { useAssignedFilter } from '#web/components/admin/assigned-filter.tsx';
import { AssigneeSelect } from '#web/components/admin/assignee-select.tsx';
import { useTranslation } from '#web/lib/translation.tsx';
import { useLanguage } from '#web/lib/use-language.ts';
import { adminChatResource, useAdminChatLive } from '../api/chat.admin.queries.ts';
import { AdminChatReplyDialog } from './admin-chat-reply-dialog.tsx';

/**
 * The admin panel's Chat tab (docs/product/pages.md): the website chat's messages with sender, e-mail,
 * date and count of replies, a reply form per message, and new visitor messages arriving live;
 * `replyTimer` shows, under a waiting message's date, the time left to answer (web/app composes it).
 */
export function AdminChatTab({ replyTimer }: { replyTimer?: (id: string) => ReactNode }) {
  const { t } = useTranslation(['chat', 'admin', 'assignees']);
  const assigned = useAssignedFilter();
  const language = useLanguage();
  const { freshIds, announcement } = useAdminChatLive();

  const columns: Column<AdminChatMessage>[] = [
    {
      header: t('chat:admin.columns.date'),
      cell: (row) => (
        <div>
          <p className="whitespace-nowrap">{formatAdminDateTime(row.createdAt, language)}</p>
          {replyTimer?.(row.id)}
        </div>
      ),
    },
    {
      header: t('chat:admin.columns.sender'),
      cell: (row) => (
        <span className="font-medium text-slate-900">
          {row.senderName}
          {freshIds.has(row.id) ? (
            <span className="ml-2 rounded-full bg-accent-400 px-2 py-0.5 text-xs font-semibold text-brand-900">{t('chat:admin.new')}</span>
          ) : null}
        </span>
      ),
    },
    {
      header: t('chat:admin.columns.email'),
      cell: (row) => (
        <a className="text-brand-700 underline" href={`mailto:${row.senderEmail}`}>
          {row.senderEmail}
        </a>
      ),
    },
    { header: t('chat:admin.columns.replies'), cell: (row) => row.replyCount },
    {
      header: t('assignees:label'),
      cell: (row) => (
        <AssigneeSelect
          kind="chat"
          resource={adminChatResource}
          path={`/api/admin/chat/conversations/${row.conversationId}/assignee`}
          assigneeId={row.assigneeId}
          name={row.senderName}
        />
      ),
    },
    {
      header: t('chat:admin.columns.actions'),
      cell: (row) => (
        <div className="flex items-center gap-1">
          <AdminChatReplyDialog message={row} />
          <DeleteButton resource={adminChatResource} id={row.id} label={row.senderName} />
        </div>
      ),
    },
  ];

  return (
    <>
      <AdminTable
        resource={adminChatResource}
        section={t('admin:tabs.chat')}
        columns={columns}
        rowKey={(row) => row.id}
        emptyText={t('chat:admin.empty')}
        toolbar={assigned.control}
        filters={assigned.filters}
        detail={(row) => <p className="whitespace-pre-wrap break-words">{row.messageText}</p>}
      />
      <p role="status" className="sr-only">
        {announcement ? t('chat:admin.newMessage', { name: announcement }) : ''}
      </p>
    </>
  );
}
