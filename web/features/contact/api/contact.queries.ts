import { useMutation } from '@tanstack/react-query';
import type { ContactRequest } from '#common/contact/contact.contract.ts';
import type { IntakeReceipt } from '#common/intake/fields.ts';
import { api } from '#web/lib/api.ts';
import type { FeedbackMeta } from '#web/lib/failures.ts';

export function useSendContactRequest(meta: FeedbackMeta) {
  return useMutation({
    meta,
    mutationFn: (input: ContactRequest) => api<IntakeReceipt>('/api/contact-requests', { method: 'POST', body: JSON.stringify(input) }),
  });
}
