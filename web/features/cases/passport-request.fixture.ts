import type { CaseRequest } from '#common/cases/case-requests.contract.ts';

/** The component tests' document request: case 7's "Pasaporte completo", as the API answers it, with what a test changes. */
export function passportRequest(change: Partial<CaseRequest> = {}): CaseRequest {
  return {
    id: '5b0f1f55-8c1e-4c43-9a55-0d7f2f0e1a11',
    caseId: 7,
    familyMemberId: null,
    title: 'Pasaporte completo',
    explanation: 'Todas las páginas.',
    isApostilleRequired: false,
    isSwornTranslationRequired: false,
    validityMonths: null,
    isPerFamilyMember: false,
    status: 'requested',
    rejectionReason: null,
    dueDate: null,
    documents: [],
    createdAt: '2026-11-27T10:00:00.000Z',
    ...change,
  };
}
