import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminCaseQuestionnaire, CaseQuestionnaire, QuestionnaireAnswers, QuestionnaireVersion } from '#common/questionnaires/questionnaires.contract.ts';
import { adminKeys, useAdminMutation, type AdminWriteFeedback } from '#web/lib/admin-list.ts';
import { api } from '#web/lib/api.ts';
import type { FeedbackMeta } from '#web/lib/failures.ts';
import { adminCasesResource, casesKeys } from './cases.queries.ts';

const keys = {
  mine: (caseId: number) => [...casesKeys.all, 'questionnaire', caseId] as const,
  admin: (caseId: number) => [...adminKeys.resource(adminCasesResource), 'questionnaire', caseId] as const,
};

/** The client's questionnaire of a case (null: its procedure has none). */
export function useCaseQuestionnaire(caseId: number) {
  return useQuery({ queryKey: keys.mine(caseId), queryFn: () => api<CaseQuestionnaire>(`/api/cases/${caseId}/questionnaire`) });
}

/** Saves the client's answers as a draft or submits them: either is a new version. */
export function useSaveQuestionnaire(caseId: number, meta?: FeedbackMeta) {
  const queryClient = useQueryClient();
  return useMutation({
    meta,
    mutationFn: ({ answers, mode }: { answers: QuestionnaireAnswers; mode: 'draft' | 'submit' }) =>
      api<QuestionnaireVersion>(mode === 'submit' ? `/api/cases/${caseId}/questionnaire/submit` : `/api/cases/${caseId}/questionnaire`, {
        method: mode === 'submit' ? 'POST' : 'PUT',
        body: JSON.stringify({ answers }),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.mine(caseId) }),
  });
}

/** The firm's view of a case's questionnaire, with every version. */
export function useAdminQuestionnaire(caseId: number) {
  return useQuery({ queryKey: keys.admin(caseId), queryFn: () => api<AdminCaseQuestionnaire>(`/api/admin/cases/${caseId}/questionnaire`) });
}

/** A staff correction (a new version in their name). */
export function useCorrectQuestionnaire(caseId: number, feedback?: AdminWriteFeedback) {
  return useAdminMutation<QuestionnaireAnswers, QuestionnaireVersion>(
    adminCasesResource,
    (answers) => ({ path: `/api/admin/cases/${caseId}/questionnaire`, method: 'PUT', body: { answers } }),
    feedback,
  );
}

/** Marks the latest answers reviewed. */
export function useReviewQuestionnaire(caseId: number, feedback?: AdminWriteFeedback) {
  return useAdminMutation<void, QuestionnaireVersion>(adminCasesResource, () => ({ path: `/api/admin/cases/${caseId}/questionnaire/review`, method: 'POST' }), feedback);
}

export const dataSheetUrl = (caseId: number) => `/api/admin/cases/${caseId}/questionnaire/data-sheet`;
