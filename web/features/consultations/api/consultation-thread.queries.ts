import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  consultationAttachmentField,
  type ConsultationMessage,
  type ConsultationMessageInput,
  type ConsultationThread,
} from '#common/consultations/consultation-thread.contract.ts';
import { adminKeys, useAdminMutation } from '#web/lib/admin-list.ts';
import type { FeedbackMeta } from '#web/lib/failures.ts';
import { api } from '#web/lib/api.ts';
import { toFormData } from '#web/lib/form-data.ts';
import { consultationsKeys } from './consultations.queries.ts';

/** The back office's resource of consultations: the Consultas table, and under it each express consultation's thread. */
const adminConsultationsResource = 'consultations';

const consultationThreadKeys = {
  mine: (consultationId: string) => [...consultationsKeys.all, 'thread', consultationId] as const,
  admin: (consultationId: string) => [...adminKeys.resource(adminConsultationsResource), 'thread', consultationId] as const,
};

/** A message of the thread: its text first, then its files (the server reads the text before storing a file). */
export type ThreadMessageDraft = ConsultationMessageInput & { files: File[] };

const messageBody = ({ files, ...input }: ThreadMessageDraft) => toFormData(input, { field: consultationAttachmentField, files });

/** The client's express consultation in writing: their questions and the firm's answers. */
export function useConsultationThread(consultationId: string) {
  return useQuery({
    queryKey: consultationThreadKeys.mine(consultationId),
    queryFn: () => api<ConsultationThread>(`/api/consultations/${consultationId}/messages`),
  });
}

/** The client's question, or a follow-up while the consultation is open. */
export function useAskConsultationQuestion(consultationId: string, meta?: FeedbackMeta) {
  const queryClient = useQueryClient();
  return useMutation({
    meta,
    mutationFn: (draft: ThreadMessageDraft) =>
      api<ConsultationMessage>(`/api/consultations/${consultationId}/messages`, { method: 'POST', body: messageBody(draft) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consultationsKeys.all }),
  });
}

/** Where the client downloads a file of their thread: a route that checks who asks. */
export function consultationAttachmentUrl(consultationId: string, attachmentId: string): string {
  return `/api/consultations/${consultationId}/attachments/${attachmentId}`;
}

/** An express consultation's thread in the Consultas tab, loaded once the admin opens it. */
export function useAdminConsultationThread(consultationId: string, isEnabled: boolean) {
  return useQuery({
    queryKey: consultationThreadKeys.admin(consultationId),
    queryFn: () => api<ConsultationThread>(`/api/admin/consultations/${consultationId}/messages`),
    enabled: isEnabled,
  });
}

/** The firm's answer; the Consultas table and the thread reload after it. */
export function useAnswerConsultation(consultationId: string, meta?: FeedbackMeta) {
  return useAdminMutation<ThreadMessageDraft, ConsultationMessage>(adminConsultationsResource, (draft) => ({
    path: `/api/admin/consultations/${consultationId}/messages`,
    method: 'POST',
    body: messageBody(draft),
  }), meta);
}

/** Where the firm downloads a file of a thread. */
export function adminConsultationAttachmentUrl(consultationId: string, attachmentId: string): string {
  return `/api/admin/consultations/${consultationId}/attachments/${attachmentId}`;
}
