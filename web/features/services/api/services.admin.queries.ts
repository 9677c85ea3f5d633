import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminService, ServiceInput } from '#common/services/services.admin.contract.ts';
import { adminKeys } from '#web/lib/admin-list.ts';
import { api } from '#web/lib/api.ts';
import type { FeedbackMeta } from '#web/lib/failures.ts';
import { servicesKeys } from './services.queries.ts';

/** The back office's resource of services (the Servicios tab). */
export const servicesAdminResource = 'services';

/**
 * Saves one service. The tab's table and this browser's public catalogue (services page, start
 * page) reload after it, so the admin sees the new price at once; other browsers read it on their
 * next load, as the server never caches the catalogue.
 */
export function useSaveService(serviceId: string, meta?: FeedbackMeta) {
  const queryClient = useQueryClient();
  return useMutation({
    meta,
    mutationFn: (input: ServiceInput) =>
      api<AdminService>(`/api/admin/services/${encodeURIComponent(serviceId)}`, { method: 'PUT', body: JSON.stringify(input) }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.resource(servicesAdminResource) }),
        queryClient.invalidateQueries({ queryKey: servicesKeys.all }),
      ]),
  });
}
