/** @vitest-environment happy-dom */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, toastText, type ApiAnswer } from '#web/test/render.tsx';
import { CaseRequestsAdmin } from './case-requests-admin.tsx';

const emptyLists = (request: Request): ApiAnswer | undefined => (request.method === 'GET' ? { status: 200, body: [] } : undefined);

describe('the documents the firm asks for on a case', () => {
  it('says when none are asked yet, and asks for the new document’s name before sending', async () => {
    const { requests, user } = await renderPage(<CaseRequestsAdmin caseId={7} familyMembers={[]} />, { answer: (request) => emptyLists(request) ?? { status: 500 } });
    expect(await screen.findByText('Este expediente no tiene documentos solicitados.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Añadir solicitud' }));
    expect(await screen.findByText('Este campo es obligatorio')).toBeTruthy();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('tells a refused request with the server’s reason', async () => {
    const { user } = await renderPage(<CaseRequestsAdmin caseId={7} familyMembers={[]} />, {
      answer: (request) => emptyLists(request) ?? { status: 409, body: { code: 'conflict', message: 'La operación no se puede completar en el estado actual.' } },
    });
    await user.type(await screen.findByLabelText(/^Documento que pides/), 'Certificado de antecedentes penales');
    await user.click(screen.getByRole('button', { name: 'Añadir solicitud' }));
    expect(await toastText()).toBe('No se pudieron guardar los cambios — La operación no se puede completar en el estado actual.');
  });

  it('says when the list cannot be read', async () => {
    await renderPage(<CaseRequestsAdmin caseId={7} familyMembers={[]} />, { answer: () => ({ status: 404, body: { code: 'notFound', message: 'No encontrado.' } }) });
    expect(await screen.findByText('No encontrado.', { selector: '[role="alert"]' })).toBeTruthy();
  });
});
