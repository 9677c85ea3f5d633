import { useMutation } from '@tanstack/react-query';
import type { IntakeReceipt } from '#common/intake/fields.ts';
import type { TranslationQuote, TranslationRequest } from '#common/translations/translations.contract.ts';
import { toFormData } from '#web/lib/form-data.ts';
import { api } from '#web/lib/api.ts';
import type { FeedbackMeta } from '#web/lib/failures.ts';

type WithFiles<T> = { values: T; files: File[] };

/** The quote page: the form's values and its documents in one multipart request. */
export function useSendTranslationQuote(meta: FeedbackMeta) {
  return useMutation({
    meta,
    mutationFn: ({ values, files }: WithFiles<TranslationQuote>) =>
      api<IntakeReceipt>('/api/translation-quotes', { method: 'POST', body: toFormData(values, { field: 'documents', files }) }),
  });
}

/** The services page form: the text to translate and/or one document. */
export function useSendTranslationRequest(meta: FeedbackMeta) {
  return useMutation({
    meta,
    mutationFn: ({ values, files }: WithFiles<TranslationRequest>) =>
      api<IntakeReceipt>('/api/translation-requests', { method: 'POST', body: toFormData(values, { field: 'document', files }) }),
  });
}
