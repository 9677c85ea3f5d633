/** @vitest-environment happy-dom */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, toastText, type ApiAnswer } from '#web/test/render.tsx';
import { useAdminCase } from '../api/cases.admin.queries.ts';
import { passportRequest } from '../passport-request.fixture.ts';
import { CaseRequestsAdmin } from './case-requests-admin.tsx';

const passport = passportRequest({
  status: 'received',
  documents: [{ id: 'a3c7e1f0-4d2b-4b8e-9f61-2c5d8e7f9a10', name: 'pasaporte.pdf', contentType: 'application/pdf', sizeBytes: 1024, createdAt: '2026-11-28T10:00:00.000Z' }],
});

/** The case page's own read of the case, refreshed with the checklist after every write. */
function CaseReader() {
  useAdminCase(7);
  return null;
}

const emptyLists = (request: Request): ApiAnswer | undefined => (request.method === 'GET' ? { status: 200, body: [] } : undefined);

describe('the documents the firm asks for on a case', () => {
  it('says when none are asked yet, and asks for the new document’s name before sending', async () => {
    const { requests, user } = await renderPage(<CaseRequestsAdmin caseId={7} familyMembers={[]} />, { role: 'owner', answer: (request) => emptyLists(request) ?? { status: 500 } });
    expect(await screen.findByText('Este expediente no tiene documentos solicitados.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Añadir solicitud' }));
    expect(await screen.findByText('Este campo es obligatorio')).toBeTruthy();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('tells a refused request with the server’s reason', async () => {
    const { user } = await renderPage(<CaseRequestsAdmin caseId={7} familyMembers={[]} />, {
      role: 'owner',
      answer: (request) => emptyLists(request) ?? { status: 409, body: { code: 'conflict', message: 'La operación no se puede completar en el estado actual.' } },
    });
    await user.type(await screen.findByLabelText(/^Documento que pides/), 'Certificado de antecedentes penales');
    await user.click(screen.getByRole('button', { name: 'Añadir solicitud' }));
    expect(await toastText()).toBe('No se pudieron guardar los cambios — La operación no se puede completar en el estado actual.');
  });

  it('says when the list cannot be read', async () => {
    await renderPage(<CaseRequestsAdmin caseId={7} familyMembers={[]} />, { role: 'owner', answer: () => ({ status: 404, body: { code: 'notFound', message: 'No encontrado.' } }) });
    expect(await screen.findByText('No encontrado.', { selector: '[role="alert"]' })).toBeTruthy();
  });

  it('says a rejection is saved though the refetch it causes removes its form before the case page’s other reads are back', async () => {
    const rejected = { ...passport, status: 'rejected' as const, rejectionReason: 'Falta la última página.' };
    let isRejected = false;
    let answerCase: (answer: ApiAnswer) => void = () => {};
    const { user } = await renderPage(
      <>
        <CaseReader />
        <CaseRequestsAdmin caseId={7} familyMembers={[]} />
      </>,
      {
        role: 'owner',
        answer: (request) => {
          const path = new URL(request.url).pathname;
          if (request.method === 'POST') {
            isRejected = true;
            return { status: 200, body: rejected };
          }
          if (path === '/api/admin/cases/7/requests') return { status: 200, body: [isRejected ? rejected : passport] };
          if (path === '/api/admin/cases/7' && isRejected) return new Promise((resolve) => (answerCase = resolve));
          return { status: 200, body: path === '/api/admin/cases/7' ? {} : [] };
        },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Rechazar «Pasaporte completo»' }));
    const form = screen.getByRole('form', { name: 'Rechazar «Pasaporte completo»' });
    await user.type(within(form).getByLabelText(/Motivo/), 'Falta la última página.');
    await user.click(within(form).getByRole('button', { name: 'Rechazar documento' }));
    expect(await screen.findByText(/Falta la última página/, { selector: 'p' })).toBeTruthy();
    answerCase({ status: 200, body: {} });
    expect(await toastText()).toBe('Cambios guardados');
  });
});
