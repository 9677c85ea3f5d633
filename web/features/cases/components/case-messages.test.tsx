/** @vitest-environment happy-dom */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CaseDetail } from '#common/cases/cases.contract.ts';
import { renderPage, toastText } from '#web/test/render.tsx';
import { CaseMessages } from './case-messages.tsx';
import { CaseThreadAdmin } from './case-thread-admin.tsx';

// The two forms read only the case's id and its messages.
const caseItem = { id: 7, messages: [] } as unknown as CaseDetail;

describe('the client’s message to the lawyer', () => {
  it('asks for the message, and sends nothing', async () => {
    const { requests, user } = await renderPage(<CaseMessages caseItem={caseItem} />);
    await user.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
    expect(await screen.findByText('Este campo es obligatorio')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('tells a refusal with the server’s reason', async () => {
    const { user } = await renderPage(<CaseMessages caseItem={caseItem} />, {
      answer: () => ({ status: 403, body: { code: 'forbidden', message: 'No tienes permisos para realizar esta acción.' } }),
    });
    await user.type(screen.getByLabelText(/Mensaje para tu abogado/), 'Ya tengo el certificado.');
    await user.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
    expect(await toastText()).toBe('Error al enviar mensaje — No tienes permisos para realizar esta acción.');
  });
});

describe('the firm’s reply on a case', () => {
  it('sends no empty reply', async () => {
    const { requests, user } = await renderPage(<CaseThreadAdmin detail={caseItem} />, { role: 'owner' });
    await user.type(screen.getByLabelText(/Respuesta al cliente/), '   ');
    await user.click(screen.getByRole('button', { name: 'Enviar respuesta' }));
    expect(await screen.findByText('Este campo es obligatorio')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('tells a failure of the server with its title alone', async () => {
    const { user } = await renderPage(<CaseThreadAdmin detail={caseItem} />, {
      role: 'owner',
      answer: () => ({ status: 500, body: { code: 'internal', message: 'Algo ha fallado. Por favor, inténtalo de nuevo más tarde.' } }),
    });
    await user.type(screen.getByLabelText(/Respuesta al cliente/), 'Recibido, gracias.');
    await user.click(screen.getByRole('button', { name: 'Enviar respuesta' }));
    expect(await toastText()).toBe('Error al enviar respuesta');
  });
});
