import { z } from 'zod';
import { pageSchema } from '#common/admin/paging.contract.ts';
import { emailSchema, requiredTextSchema } from '#common/intake/fields.ts';
import { chatTokenPattern } from './chat-token.ts';

/** The longest message a visitor may send, and the longest reply of the firm. */
export const chatMessageMaxLength = 2000;
export const chatReplyMaxLength = 5000;

/**
 * An anonymous visitor's conversation belongs to a random token the browser keeps and sends in
 * this header (32 random bytes, base64url); the server stores only its SHA-256.
 */
export const chatTokenHeader = 'x-chat-token';
export const chatTokenSchema = z.string().regex(chatTokenPattern, 'chat:errors.invalidToken');

/** The token of a link mailed with the firm's replies, which gives the conversation to the browser that opens it. */
export const chatReopenSchema = z.object({ link: chatTokenSchema });
export type ChatReopen = z.infer<typeof chatReopenSchema>;

/** Message, name and e-mail required (a signed-in account's own e-mail is used as is); docs/product/rules.md. */
export const chatMessageSchema = z.object({
  name: requiredTextSchema(100),
  email: emailSchema,
  message: requiredTextSchema(chatMessageMaxLength),
});
export type ChatMessageInput = z.input<typeof chatMessageSchema>;
export type ChatMessage = z.output<typeof chatMessageSchema>;

/** An empty or whitespace reply is refused (docs/product/rules.md). */
export const chatReplySchema = z.object({ message: requiredTextSchema(chatReplyMaxLength) });
export type ChatReply = z.infer<typeof chatReplySchema>;

/** Every chat event carries its place in one sequence: the SSE event id a stream resumes after. */
const seqSchema = z.number().int().min(0);

export const chatEntrySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('message'),
    id: z.uuid(),
    senderName: z.string(),
    senderEmail: z.string(),
    text: z.string(),
    createdAt: z.iso.datetime({ offset: true }),
    seq: seqSchema,
  }),
  z.object({
    kind: z.literal('reply'),
    id: z.uuid(),
    messageId: z.uuid(),
    text: z.string(),
    createdAt: z.iso.datetime({ offset: true }),
    seq: seqSchema,
  }),
]);
export type ChatEntry = z.infer<typeof chatEntrySchema>;

/** A conversation as its owner sees it: messages and replies in time order; `cursor` is the last seq. */
export const chatConversationSchema = z.object({ entries: z.array(chatEntrySchema), cursor: seqSchema });
export type ChatConversation = z.infer<typeof chatConversationSchema>;

export const chatPostedSchema = z.object({ entry: chatEntrySchema, cursor: seqSchema });
export type ChatPosted = z.infer<typeof chatPostedSchema>;

/** Where a live stream starts: after this seq (the Last-Event-ID header of a reconnection wins). */
export const chatStreamQuerySchema = z.object({
  after: z.coerce.number('validation:invalid').int('validation:invalid').min(0, 'validation:invalid').optional(),
});
export const chatEventIdSchema = z.coerce.number('validation:invalid').int('validation:invalid').min(0, 'validation:invalid');

/** The live event names: `entry` to a visitor, `message` and `reply` to the admin. */
export const chatStreamEvents = { entry: 'entry', message: 'message', reply: 'reply' } as const;

/** A row of the admin's Chat tab, with its count of replies (docs/product/pages.md). */
export const adminChatMessageSchema = z.object({
  id: z.uuid(),
  conversationId: z.uuid(),
  senderName: z.string(),
  senderEmail: z.string(),
  messageText: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  replyCount: z.number().int().min(0),
  seq: seqSchema,
  /** The staff member who handles its conversation; null while unassigned. */
  assigneeId: z.string().nullable(),
});
export type AdminChatMessage = z.infer<typeof adminChatMessageSchema>;

/** The admin's `reply` event: a message's new count of replies. */
export const adminChatReplyEventSchema = z.object({ messageId: z.uuid(), replyCount: z.number().int().min(0), seq: seqSchema });

/** One page of the admin's Chat tab, newest first; `cursor` is where its live stream starts. */
export const adminChatPageSchema = pageSchema(adminChatMessageSchema).extend({ cursor: seqSchema });
export type AdminChatPage = z.infer<typeof adminChatPageSchema>;

export const adminChatReplyResultSchema = z.object({ entry: chatEntrySchema, replyCount: z.number().int().min(0) });
export type AdminChatReplyResult = z.infer<typeof adminChatReplyResultSchema>;
