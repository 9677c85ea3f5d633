import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CaseChange, CaseDocument, CaseMessage, CaseMessageInput, ClientCase } from '#common/cases/cases.contract.ts';
import { adminKeys } from '#web/lib/admin-list.ts';
import { api } from '#web/lib/api.ts';
import type { FeedbackMeta } from '#web/lib/failures.ts';
import { useLanguage } from '#web/lib/use-language.ts';

/** The back office's resource of cases (its table, and under it each case's detail). */
export const adminCasesResource = 'cases';

export const casesKeys = {
  all: ['cases'] as const,
  mine: (language: string) => [...casesKeys.all, language] as const,
  adminDetail: (caseId: number) => [...adminKeys.resource(adminCasesResource), 'detail', caseId] as const,
  adminUnread: () => [...adminKeys.resource(adminCasesResource), 'unread'] as const,
  caseRequests: (caseId: number) => [...casesKeys.all, 'requests', caseId] as const,
  requests: (caseId: number, language: string) => [...casesKeys.caseRequests(caseId), language] as const,
  adminRequests: (caseId: number, language: string) => [...adminKeys.resource(adminCasesResource), 'requests', caseId, language] as const,
  /** Under the Trámites tab's resource, so an edit there refreshes the list of procedures to apply. */
  procedureChoices: (language: string) => [...adminKeys.resource('procedures'), 'choices', language] as const,
};

/** The signed-in client's cases, with their history, documents and thread. */
export function useCases(meta?: FeedbackMeta) {
  const language = useLanguage();
  return useQuery({ queryKey: casesKeys.mine(language), queryFn: () => api<ClientCase[]>('/api/cases'), meta });
}

/** The client opened a case: what it held is no longer new. */
export function useMarkCaseSeen(caseId: number, meta?: FeedbackMeta) {
  const queryClient = useQueryClient();
  return useMutation({
    meta,
    mutationFn: () => api<void>(`/api/cases/${caseId}/seen`, { method: 'PUT' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: casesKeys.all }),
  });
}

/**
 * Keeps the client's panel current while it is open: the server's stream (GET /api/cases/stream)
 * says which case the firm changed and how, and the queries that show it are refreshed; 'sync'
 * (on each connection) refreshes them all. EventSource reconnects by itself and stops for good
 * once the session is gone (401).
 */
export function useCasesLive() {
  const queryClient = useQueryClient();
  const language = useLanguage();
  useEffect(() => {
    const source = new EventSource('/api/cases/stream');
    source.addEventListener('sync', () => void queryClient.invalidateQueries({ queryKey: casesKeys.all }));
    source.addEventListener('change', (event) => {
      const change = JSON.parse((event as MessageEvent<string>).data) as CaseChange;
      void queryClient.invalidateQueries({ queryKey: change.kind === 'request' ? casesKeys.caseRequests(change.caseId) : casesKeys.mine(language) });
    });
    return () => source.close();
  }, [queryClient, language]);
}

export function useUploadCaseDocument(caseId: number, meta?: FeedbackMeta) {
  const queryClient = useQueryClient();
  return useMutation({
    meta,
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('document', file, file.name);
      return api<CaseDocument>(`/api/cases/${caseId}/documents`, { method: 'POST', body });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: casesKeys.all }),
  });
}

export function useSendCaseMessage(caseId: number, meta?: FeedbackMeta) {
  const queryClient = useQueryClient();
  return useMutation({
    meta,
    mutationFn: (input: CaseMessageInput) => api<CaseMessage>(`/api/cases/${caseId}/messages`, { method: 'POST', body: JSON.stringify(input) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: casesKeys.all }),
  });
}

/** Where a document is downloaded: a route that checks who asks. */
export function caseDocumentUrl(caseId: number, documentId: string): string {
  return `/api/cases/${caseId}/documents/${documentId}`;
}
