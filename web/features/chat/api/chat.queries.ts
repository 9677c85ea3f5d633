import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import {
  chatEntrySchema,
  chatStreamEvents,
  type ChatConversation,
  type ChatMessageInput,
  type ChatReopen,
  type ChatPosted,
} from '#common/chat/chat.contract.ts';
import { useSessionUser } from '#web/lib/session.ts';
import { adminKeys } from '#web/lib/admin-list.ts';
import { api } from '#web/lib/api.ts';
import type { FeedbackMeta } from '#web/lib/failures.ts';
import { emptyConversation, withEntry } from '../conversation.ts';
import { chatTokenHeaders, ensuredChatTokenHeaders, newChatTokenHeaders } from './chat-token.ts';
import { followEventStream } from './event-stream.ts';
import { parseEventData } from './parse-event.ts';

export const chatKeys = {
  all: ['chat'] as const,
  /** One conversation per account, or per browser for a visitor. */
  conversation: (userId: string | undefined) => [...chatKeys.all, 'conversation', userId ?? 'visitor'] as const,
  /** The back office's view of the conversation a message belongs to. */
  adminThread: (messageId: string) => [...adminKeys.all, 'chat-thread', messageId] as const,
};

/** The visitor's conversation, read again each time the widget opens (and once `isEnabled`). */
export function useChatConversation(isEnabled = true) {
  const user = useSessionUser();
  return useQuery({
    enabled: isEnabled,
    queryKey: chatKeys.conversation(user?.id),
    queryFn: () => api<ChatConversation>('/api/chat/conversation', { headers: chatTokenHeaders() }),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

export function useSendChatMessage(meta?: FeedbackMeta) {
  const user = useSessionUser();
  const queryClient = useQueryClient();
  return useMutation({
    meta,
    mutationFn: (input: ChatMessageInput) =>
      api<ChatPosted>('/api/chat/messages', {
        method: 'POST',
        body: JSON.stringify(input),
        // An account needs no token; a visitor's first message creates the browser's.
        headers: user ? chatTokenHeaders() : ensuredChatTokenHeaders(),
      }),
    onSuccess: ({ entry }) =>
      queryClient.setQueryData<ChatConversation>(chatKeys.conversation(user?.id), (conversation) => withEntry(conversation ?? emptyConversation, entry)),
  });
}

/**
 * The link mailed with the firm's replies, opened: the conversation becomes this browser's, under
 * a new token, and shows at once in the widget.
 */
export function useReopenChat(meta?: FeedbackMeta) {
  const queryClient = useQueryClient();
  return useMutation({
    meta,
    mutationFn: (link: string) => api<ChatConversation>('/api/chat/reopen', { method: 'POST', body: JSON.stringify({ link } satisfies ChatReopen), headers: newChatTokenHeaders() }),
    onSuccess: (conversation) => queryClient.setQueryData<ChatConversation>(chatKeys.conversation(undefined), conversation),
  });
}

/** While `isEnabled`, the firm's replies (and the visitor's messages from other tabs) arrive live. */
export function useChatStream(isEnabled: boolean, cursor: number | undefined) {
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const userId = user?.id;
  // Where the stream starts; later entries move the cursor without reconnecting.
  const cursorRef = useRef(cursor);
  useEffect(() => {
    cursorRef.current = cursor;
  }, [cursor]);

  useEffect(() => {
    if (!isEnabled) return;
    const key = chatKeys.conversation(userId);
    return followEventStream({
      url: `/api/chat/stream?after=${cursorRef.current ?? 0}`,
      headers: chatTokenHeaders,
      onEvent: (event) => {
        if (event.event !== chatStreamEvents.entry) return;
        const entry = parseEventData(chatEntrySchema, event.data);
        if (entry) queryClient.setQueryData<ChatConversation>(key, (conversation) => withEntry(conversation ?? emptyConversation, entry));
      },
    });
  }, [isEnabled, userId, queryClient]);
}
