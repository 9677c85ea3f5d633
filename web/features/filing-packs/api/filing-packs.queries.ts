import { useQuery } from '@tanstack/react-query';
import type { CaseFilingPacks, FilingLimits, FilingPack, FilingPackFiled, NewFilingPack } from '#common/filing-packs/filing-packs.contract.ts';
import { adminKeys, useAdminMutation, type AdminWriteFeedback } from '#web/lib/admin-list.ts';
import { api } from '#web/lib/api.ts';

/** The admin resource of the filing packs, under /api/admin/: every write refreshes the case's section. */
const filingPacksResource = 'filing-packs';

/** A case's filing section: its accepted documents, the packs made and the registry's limits. */
export function useCaseFilingPacks(caseId: number) {
  return useQuery({
    queryKey: [...adminKeys.resource(filingPacksResource), 'case', caseId],
    queryFn: () => api<CaseFilingPacks>(`/api/admin/cases/${caseId}/filing-packs`),
  });
}

/** Builds a pack of the case from the documents in the order given. */
export function useBuildFilingPack(feedback?: AdminWriteFeedback) {
  return useAdminMutation<{ caseId: number; input: NewFilingPack }, FilingPack>(
    filingPacksResource,
    ({ caseId, input }) => ({ path: `/api/admin/cases/${caseId}/filing-packs`, method: 'POST', body: input }),
    feedback,
  );
}

/** Records the registry's date and receipt of a pack the firm filed. */
export function useMarkPackFiled(feedback?: AdminWriteFeedback) {
  return useAdminMutation<{ id: string; input: FilingPackFiled }, FilingPack>(
    filingPacksResource,
    ({ id, input }) => ({ path: `/api/admin/filing-packs/${id}/filed`, method: 'POST', body: input }),
    feedback,
  );
}

/** The owner's new limits of the registry. */
export function useSaveFilingLimits(feedback?: AdminWriteFeedback) {
  return useAdminMutation<FilingLimits, FilingLimits>(filingPacksResource, (limits) => ({ path: '/api/admin/filing-limits', method: 'PUT', body: limits }), feedback);
}

/** Where a pack's file is downloaded (0: the index). */
export function packFileUrl(packId: string, number: number): string {
  return `/api/admin/filing-packs/${packId}/files/${number}`;
}
