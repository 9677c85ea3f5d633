import type { SectionId } from '#common/sections/section-addresses.ts';
import type { SectionInput } from '#common/sections/sections.contract.ts';
import { useAdminMutation } from '#web/lib/admin-list.ts';
import type { FeedbackMeta } from '#web/lib/failures.ts';

/** The back office's resource of section pages. */
export const sectionsAdminResource = 'sections';

/** Saves the texts of one section page. */
export function useSaveSection(id: SectionId, meta?: FeedbackMeta) {
  return useAdminMutation<SectionInput>(sectionsAdminResource, (input) => ({ path: `/api/admin/sections/${id}`, method: 'PUT', body: input }), meta);
}
