import { z } from 'zod';
import { promisedBusinessHours, type ReplyPromise } from './promises.ts';

/** The admin tabs whose rows carry a reply timer, named as their records are. */
const replyTimerKinds = ['contact', 'translation', 'consultation', 'chat'] as const;
export type ReplyTimerKind = (typeof replyTimerKinds)[number];

const replyPromises = Object.keys(promisedBusinessHours) as [ReplyPromise, ...ReplyPromise[]];

/**
 * One row's timer: the row's id in its tab (a chat conversation's timer is on each of its messages
 * the firm has not answered), when the answer is due and the business time left at the moment of
 * the answer (zero or less: overdue).
 */
const replyTimerRowSchema = z.object({
  kind: z.enum(replyTimerKinds),
  id: z.uuid(),
  promise: z.enum(replyPromises),
  dueAt: z.iso.datetime({ offset: true }),
  businessMsLeft: z.number().int(),
});

const overdueCount = z.number().int().min(0);

/** Every open request's timer, and per tab how many requests are overdue (a chat conversation counts once). */
export const replyTimersSchema = z.object({
  timers: z.array(replyTimerRowSchema),
  overdue: z.object({ contact: overdueCount, translation: overdueCount, consultation: overdueCount, chat: overdueCount }),
});
export type ReplyTimers = z.infer<typeof replyTimersSchema>;

/** The admin marks a contact request or a translation request answered: its timer stops. */
export const markAnsweredSchema = z.object({ answered: z.literal(true, 'validation:invalid') });
