import { useQuery } from '@tanstack/react-query';
import type { ServiceOffer } from '#common/services/services.contract.ts';
import { api } from '#web/lib/api.ts';
import { useLanguage } from '#web/lib/use-language.ts';

/** The public catalogue's cache keys; the Servicios tab invalidates them after a save. */
export const servicesKeys = {
  all: ['services'] as const,
  catalogue: (language: string) => [...servicesKeys.all, language] as const,
};

/** The catalogue, in the visitor's language: prices and texts come from the server's database. */
export function useServiceCatalogue() {
  const language = useLanguage();
  return useQuery({ queryKey: servicesKeys.catalogue(language), queryFn: () => api<ServiceOffer[]>('/api/services') });
}
