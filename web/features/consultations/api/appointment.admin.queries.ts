import { useQuery } from '@tanstack/react-query';
import type { VideoLink } from '#common/consultations/appointment.contract.ts';
import { type ServiceOffer } from '#common/services/services.contract.ts';
import { contactOfferId } from '#common/services/offers.ts';
import { useAdminMutation } from '#web/lib/admin-list.ts';
import type { FeedbackMeta } from '#web/lib/failures.ts';
import { api } from '#web/lib/api.ts';
import { useLanguage } from '#web/lib/use-language.ts';

const appointmentKeys = {
  caseOffers: (language: string) => ['consultations', 'case-offers', language] as const,
};

/** The cases the firm may recommend after a consultation: the catalogue's cases with a price, in the admin's language. */
export function useCaseOffers() {
  const language = useLanguage();
  return useQuery({
    queryKey: appointmentKeys.caseOffers(language),
    queryFn: async () => (await api<ServiceOffer[]>('/api/services')).filter((offer) => offer.kind === 'case' && offer.id !== contactOfferId),
  });
}

/** The firm sets, changes or removes the link of a video consultation's call. */
export function useSetVideoLink(meta?: FeedbackMeta) {
  return useAdminMutation<{ id: string; link: VideoLink }>('consultations', ({ id, link }) => ({
    path: `/api/admin/consultations/${id}/video-link`,
    method: 'PUT',
    body: link,
  }), meta);
}
