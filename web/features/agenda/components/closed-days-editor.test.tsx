/** @vitest-environment happy-dom */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, toastText, type ApiAnswer } from '#web/test/render.tsx';
import { ClosedDaysEditor } from './closed-days-editor.tsx';

const noDays = (request: Request): ApiAnswer | undefined => (request.method === 'GET' ? { status: 200, body: { days: [], holidays: [] } } : undefined);

describe('the days with other hours', () => {
  it('ask for the date, and send nothing', async () => {
    const { requests, user } = await renderPage(<ClosedDaysEditor />, { answer: (request) => noDays(request) ?? { status: 500 } });
    await user.click(screen.getByRole('button', { name: 'Guardar día' }));
    expect(await screen.findByText('Este campo es obligatorio')).toBeTruthy();
    expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(0);
  });

  it('tell a refused day with the server’s reason', async () => {
    const { user } = await renderPage(<ClosedDaysEditor />, {
      answer: (request) => noDays(request) ?? { status: 409, body: { code: 'conflict', message: 'La operación no se puede completar en el estado actual.' } },
    });
    await user.type(screen.getByLabelText(/^Fecha/), '2026-12-24');
    await user.click(screen.getByRole('button', { name: 'Guardar día' }));
    expect(await toastText()).toBe('No se pudo guardar — La operación no se puede completar en el estado actual.');
  });
});
