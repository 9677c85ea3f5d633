import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { ErrorBody } from '#common/errors.ts';
import type { AccountDeletion } from '#common/profile/account-deletion.contract.ts';
import { api, ApiError } from '#web/lib/api.ts';
import type { FeedbackMeta } from '#web/lib/failures.ts';
import { pageLanguage, translate } from '#web/lib/i18n.ts';
import { startNewSession } from '#web/lib/session.ts';

/** The archive's name as the server gives it (RFC 6266's UTF-8 form), for the browser's download. */
function downloadName(contentDisposition: string | null): string {
  const encoded = /filename\*=UTF-8''([^;]+)/.exec(contentDisposition ?? '')?.[1];
  return encoded ? decodeURIComponent(encoded) : 'data.tar.gz';
}

/** The signed-in person's archive of everything kept about them, fetched whole so that a refusal shows as a message. */
export function useDataExport(meta?: FeedbackMeta) {
  return useMutation({
    meta,
    mutationFn: async () => {
      const response = await fetch('/api/profile/export', { headers: { 'Accept-Language': pageLanguage() }, credentials: 'same-origin' });
      if (!response.ok) {
        const body = (await response.json().catch(() => undefined)) as ErrorBody | undefined;
        throw new ApiError(response.status, body ?? { code: 'internal', message: translate('errors:internal') });
      }
      return { archive: await response.blob(), fileName: downloadName(response.headers.get('content-disposition')) };
    },
  });
}

/** Deletes the signed-in person's account; nothing of it stays cached, and the visitor lands on the home page. */
export function useDeleteAccount(meta?: FeedbackMeta) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    meta,
    mutationFn: (input: AccountDeletion) => api('/api/profile', { method: 'DELETE', body: JSON.stringify(input) }),
    onSuccess: () => {
      startNewSession(queryClient, null);
      void navigate('/', { replace: true });
    },
  });
}
