import { mayUse, type StaffRoute } from '#common/auth/permissions.ts';
import type { AssignableKind } from './assignees.contract.ts';

/**
 * Each kind of work: the route that shares it out, and the route of its work, whose permission says
 * whom it may go to (a consultation to whoever answers consultations, a translation request to the
 * translators who quote it). The server checks both (assignees.service.ts); the back office reads
 * them to show the selector only to whoever may use it.
 */
export const assignableWork: Record<AssignableKind, { assign: StaffRoute; work: StaffRoute }> = {
  consultations: { assign: 'PUT /api/admin/consultations/:id/assignee', work: 'PUT /api/admin/consultations/:id/answer' },
  'case-quotes': { assign: 'PUT /api/admin/quotes/:id/assignee', work: 'POST /api/admin/quotes/:id/send' },
  'translation-quotes': { assign: 'PUT /api/admin/quotes/:id/assignee', work: 'POST /api/admin/translation-requests/:id/quotes' },
  'translation-requests': { assign: 'PUT /api/admin/translation-requests/:id/assignee', work: 'POST /api/admin/translation-requests/:id/quotes' },
  'contact-requests': { assign: 'PUT /api/admin/contact-requests/:id/assignee', work: 'PATCH /api/admin/contact-requests/:id' },
  chat: { assign: 'PUT /api/admin/chat/conversations/:id/assignee', work: 'POST /api/admin/chat/messages/:id/replies' },
};

const isQuote = (kind: AssignableKind) => kind === 'case-quotes' || kind === 'translation-quotes';

/** Whether a role may share out this kind of work: a quote only by those who do its kind. */
export function mayAssign(role: string, kind: AssignableKind): boolean {
  const { assign, work } = assignableWork[kind];
  return mayUse(role, assign) && (!isQuote(kind) || mayUse(role, work));
}

/** Whether a role does this kind of work, so that it may be assigned to it. */
export function mayHandle(role: string, kind: AssignableKind): boolean {
  return mayUse(role, assignableWork[kind].work);
}
