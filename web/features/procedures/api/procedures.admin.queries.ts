import { useQuery } from '@tanstack/react-query';
import type { Procedure, ProcedureInput, ProcedureService } from '#common/procedures/procedures.contract.ts';
import type { QuestionnaireDefinition } from '#common/questionnaires/questionnaires.contract.ts';
import { adminKeys, useAdminMutation } from '#web/lib/admin-list.ts';
import type { FeedbackMeta } from '#web/lib/failures.ts';
import { api } from '#web/lib/api.ts';
import { useLanguage } from '#web/lib/use-language.ts';

/** The back office's resource of procedures (the Trámites tab). */
export const proceduresAdminResource = 'procedures';

const proceduresKeys = {
  services: (language: string) => [...adminKeys.resource(proceduresAdminResource), 'services', language] as const,
};

/** The case services a procedure may belong to, named in the admin's language. */
export function useProcedureServices() {
  const language = useLanguage();
  return useQuery({ queryKey: proceduresKeys.services(language), queryFn: () => api<ProcedureService[]>('/api/admin/procedure-services') });
}

/** Creates a procedure, or saves the one with `procedureId` (its whole checklist at once). */
export function useSaveProcedure(procedureId: string | undefined, meta?: FeedbackMeta) {
  return useAdminMutation<ProcedureInput, Procedure>(proceduresAdminResource, (input) =>
    procedureId ? { path: `/api/admin/procedures/${procedureId}`, method: 'PUT', body: input } : { path: '/api/admin/procedures', method: 'POST', body: input },
    meta,
  );
}

/** A procedure's questionnaire (null: none yet), read when its editor opens. */
export function useProcedureQuestionnaire(procedureId: string, isEnabled: boolean) {
  return useQuery({
    queryKey: [...adminKeys.resource(proceduresAdminResource), 'questionnaire', procedureId],
    queryFn: () => api<QuestionnaireDefinition | null>(`/api/admin/procedures/${procedureId}/questionnaire`),
    enabled: isEnabled,
  });
}

/** Replaces a procedure's questionnaire with the whole definition given. */
export function useSaveProcedureQuestionnaire(procedureId: string, meta?: FeedbackMeta) {
  return useAdminMutation<QuestionnaireDefinition, QuestionnaireDefinition>(
    proceduresAdminResource,
    (definition) => ({ path: `/api/admin/procedures/${procedureId}/questionnaire`, method: 'PUT', body: definition }),
    meta,
  );
}
