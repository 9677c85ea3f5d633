import { hashKey, useMutation, useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import {
  adminChatMessageSchema,
  adminChatReplyEventSchema,
  chatStreamEvents,
  type AdminChatMessage,
  type AdminChatPage,
  type AdminChatReplyResult,
  type ChatConversation,
} from '#common/chat/chat.contract.ts';
import { adminKeys } from '#web/lib/admin-list.ts';
import { api } from '#web/lib/api.ts';
import type { FeedbackMeta } from '#web/lib/failures.ts';
import { emptyConversation, withEntry } from '../conversation.ts';
import { chatKeys } from './chat.queries.ts';
import { followEventStream } from './event-stream.ts';
import { parseEventData } from './parse-event.ts';

/** The admin table's resource (web/lib/admin-list.ts): its pages, and the first one unfiltered, where live messages go. */
export const adminChatResource = 'chat/messages';
const listKey = adminKeys.resource(adminChatResource);
const firstPageKey = adminKeys.page(adminChatResource, 1, '');
const isFirstPage = (queryKey: QueryKey) => hashKey(queryKey) === hashKey(firstPageKey);

function updatePages(queryClient: QueryClient, update: (page: AdminChatPage) => AdminChatPage) {
  for (const [key, page] of queryClient.getQueriesData<AdminChatPage>({ queryKey: listKey })) {
    if (page) queryClient.setQueryData(key, update(page));
  }
}

function setReplyCount(queryClient: QueryClient, messageId: string, replyCount: number) {
  updatePages(queryClient, (page) => ({
    ...page,
    items: page.items.map((item) => (item.id === messageId ? { ...item, replyCount: Math.max(item.replyCount, replyCount) } : item)),
  }));
}

/** A new visitor message goes on top of the first page; other pages and searches reload when next shown. */
function addMessage(queryClient: QueryClient, message: AdminChatMessage) {
  queryClient.setQueryData<AdminChatPage>(firstPageKey, (page) =>
    !page || page.items.some((item) => item.id === message.id)
      ? page
      : { ...page, items: [message, ...page.items].slice(0, page.pageSize), total: page.total + 1 },
  );
  void queryClient.invalidateQueries({ queryKey: listKey, refetchType: 'none', predicate: (query) => !isFirstPage(query.queryKey) });
}

/**
 * New visitor messages and reply counts, live from the server's stream, starting where the
 * first page of the table was read. Answers the ids that arrived live and a line for screen readers.
 */
export function useAdminChatLive(): { freshIds: ReadonlySet<string>; announcement: string | undefined } {
  const queryClient = useQueryClient();
  // The same query as the table's first page (shared cache), for the cursor its stream starts from.
  const firstPage = useQuery({ queryKey: firstPageKey, queryFn: () => api<AdminChatPage>(`/api/admin/${adminChatResource}?page=1`) });
  const cursor = firstPage.data?.cursor;
  const cursorRef = useRef(cursor);
  useEffect(() => {
    cursorRef.current = cursor;
  }, [cursor]);
  const isReady = cursor !== undefined;
  const [freshIds, setFreshIds] = useState<ReadonlySet<string>>(new Set());
  const [latest, setLatest] = useState<AdminChatMessage>();

  useEffect(() => {
    if (!isReady) return;
    return followEventStream({
      url: `/api/admin/chat/stream?after=${cursorRef.current ?? 0}`,
      onEvent: (event) => {
        if (event.event === chatStreamEvents.message) {
          const message = parseEventData(adminChatMessageSchema, event.data);
          if (!message) return;
          addMessage(queryClient, message);
          setFreshIds((ids) => new Set(ids).add(message.id));
          setLatest(message);
        } else if (event.event === chatStreamEvents.reply) {
          const reply = parseEventData(adminChatReplyEventSchema, event.data);
          if (!reply) return;
          setReplyCount(queryClient, reply.messageId, reply.replyCount);
          void queryClient.invalidateQueries({ queryKey: chatKeys.adminThread(reply.messageId) });
        }
      },
    });
  }, [isReady, queryClient]);

  return { freshIds, announcement: latest?.senderName };
}

/** The conversation a message belongs to, for the admin answering it. */
export function useAdminChatThread(messageId: string, isEnabled: boolean) {
  return useQuery({
    queryKey: chatKeys.adminThread(messageId),
    queryFn: () => api<ChatConversation>(`/api/admin/chat/messages/${encodeURIComponent(messageId)}/conversation`),
    enabled: isEnabled,
    staleTime: 0,
  });
}

export function useSendAdminReply(messageId: string, meta?: FeedbackMeta) {
  const queryClient = useQueryClient();
  return useMutation({
    meta,
    mutationFn: (message: string) =>
      api<AdminChatReplyResult>(`/api/admin/chat/messages/${encodeURIComponent(messageId)}/replies`, {
        method: 'POST',
        body: JSON.stringify({ message }),
      }),
    onSuccess: ({ entry, replyCount }) => {
      setReplyCount(queryClient, messageId, replyCount);
      queryClient.setQueryData<ChatConversation>(chatKeys.adminThread(messageId), (thread) => withEntry(thread ?? emptyConversation, entry));
    },
  });
}
