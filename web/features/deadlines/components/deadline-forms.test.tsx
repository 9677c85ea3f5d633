/** @vitest-environment happy-dom */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, toastText } from '#web/test/render.tsx';
import { AddDeadlineForm } from './deadline-controls.tsx';
import { HolidaysSection } from './holidays-section.tsx';

const noHolidays = (request: Request) => (request.method === 'GET' ? { status: 200, body: [] } : undefined);

describe('adding a deadline to a case', () => {
  it('asks for a case reference and the date, and sends nothing', async () => {
    const { requests, user } = await renderPage(<AddDeadlineForm />);
    await user.click(screen.getByRole('button', { name: 'Guardar plazo' }));
    expect(await screen.findByText('Este campo es obligatorio')).toBeTruthy();
    expect(screen.getByText('Escribe el expediente como EXP-007 o su número.')).toBeTruthy();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('tells a refusal with the server’s reason', async () => {
    const { user } = await renderPage(<AddDeadlineForm caseId={7} />, {
      answer: (request) => (request.method === 'POST' ? { status: 404, body: { code: 'notFound', message: 'No encontrado.' } } : { status: 200, body: { dueDate: '2026-12-01' } }),
    });
    await user.type(screen.getByLabelText(/Fecha de notificación/), '2026-11-02');
    await user.click(screen.getByRole('button', { name: 'Guardar plazo' }));
    expect(await toastText()).toBe('No se pudo guardar el plazo — No encontrado.');
  });
});

describe('an electronic notification nobody opened', () => {
  it('asks for the day it was made available, shows the day it counts as notified, and sends the notice', async () => {
    const { requests, user } = await renderPage(<AddDeadlineForm caseId={7} />, {
      answer: (request) =>
        request.method === 'POST'
          ? { status: 201, body: {} }
          : { status: 200, body: { dueDate: '2026-12-15', opensOn: null, isNationality: false, notifiedOn: '2026-11-30' } },
    });
    await user.click(screen.getByRole('checkbox', { name: /Notificación electrónica que nadie abrió/ }));
    await user.type(screen.getByLabelText(/Puesta a disposición el/), '2026-11-20');
    expect(await screen.findByText(/Se entiende notificada el/)).toBeTruthy();
    expect(requests.some((request) => request.url.includes('notice=unopened'))).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Guardar plazo' }));
    await expect.poll(() => requests.filter((request) => request.method === 'POST').length).toBe(1);
  });
});

describe('the holidays', () => {
  it('ask for the date and the name, and send nothing', async () => {
    const { requests, user } = await renderPage(<HolidaysSection />, { answer: (request) => noHolidays(request) ?? { status: 500 } });
    await user.click(screen.getByRole('button', { name: 'Añadir festivo' }));
    expect(await screen.findAllByText('Este campo es obligatorio')).toHaveLength(2);
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('tell a refused holiday with the server’s reason', async () => {
    const { user } = await renderPage(<HolidaysSection />, {
      answer: (request) => noHolidays(request) ?? { status: 409, body: { code: 'conflict', message: 'La operación no se puede completar en el estado actual.' } },
    });
    await user.type(screen.getByLabelText(/^Fecha/), '2026-12-08');
    await user.type(screen.getByLabelText(/^Nombre/), 'Inmaculada');
    await user.click(screen.getByRole('button', { name: 'Añadir festivo' }));
    expect(await toastText()).toBe('No se pudo añadir el festivo — La operación no se puede completar en el estado actual.');
  });

  it('tell a failed load in a toast and on the page', async () => {
    await renderPage(<HolidaysSection />, { answer: () => ({ status: 403, body: { code: 'forbidden', message: 'No tienes permisos para realizar esta acción.' } }) });
    expect(await toastText()).toBe('No se pudieron cargar los festivos — No tienes permisos para realizar esta acción.');
  });
});
