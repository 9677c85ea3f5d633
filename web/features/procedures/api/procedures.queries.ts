import { useQuery } from '@tanstack/react-query';
import type { ServiceDocuments } from '#common/procedures/procedures.contract.ts';
import { api } from '#web/lib/api.ts';
import { useLanguage } from '#web/lib/use-language.ts';

/** The documents a service's case will ask for, in the visitor's language, read before hiring it. */
export function useServiceDocuments(serviceId: string) {
  const language = useLanguage();
  return useQuery({
    queryKey: ['service-documents', serviceId, language],
    queryFn: () => api<ServiceDocuments>(`/api/services/${encodeURIComponent(serviceId)}/documents`),
    enabled: serviceId !== '',
  });
}
