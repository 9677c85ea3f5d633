/** @vitest-environment happy-dom */
import { getDefaultNormalizer, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, toastText } from '#web/test/render.tsx';
import type { CaseDeadline } from '#common/deadlines/deadlines.contract.ts';
import { CaseDeadlinesAdmin } from './case-deadlines-admin.tsx';
import { CaseDeadlines } from './case-deadlines.tsx';
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

describe('an electronic notification', () => {
  const preview = { dueDate: '2026-11-19', opensOn: null, isNationality: false, notifiedOn: '2026-11-05' };

  it('asks for the day it was made available and, if it was, opened; shows the legal day; sends both', async () => {
    const { requests, user } = await renderPage(<AddDeadlineForm caseId={7} />, {
      answer: (request) => (request.method === 'POST' ? { status: 201, body: {} } : { status: 200, body: preview }),
    });
    await user.click(screen.getByRole('checkbox', { name: /Notificación electrónica \(Sede o DEHú\)/ }));
    await user.type(screen.getByLabelText(/Puesta a disposición el/), '2026-11-02');
    await user.type(screen.getByLabelText(/Abierta el/), '2026-11-05');
    expect(await screen.findByText('Se entiende notificada el 5 de noviembre de 2026.')).toBeTruthy();
    expect(requests.some((request) => request.url.includes('notice=electronic') && request.url.includes('openedOn=2026-11-05'))).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Guardar plazo' }));
    await expect.poll(() => requests.filter((request) => request.method === 'POST').length).toBe(1);
    const sent = await requests.find((request) => request.method === 'POST')?.json();
    expect(sent).toMatchObject({ kind: 'requerimiento', startDate: '2026-11-02', notice: 'electronic', openedOn: '2026-11-05' });
  });

  it('sends no opening day once the notice is no longer electronic', async () => {
    const { requests, user } = await renderPage(<AddDeadlineForm caseId={7} />, {
      answer: (request) => (request.method === 'POST' ? { status: 201, body: {} } : { status: 200, body: preview }),
    });
    const electronic = screen.getByRole('checkbox', { name: /Notificación electrónica/ });
    await user.click(electronic);
    await user.type(screen.getByLabelText(/Abierta el/), '2026-11-05');
    await user.click(electronic);
    expect(screen.queryByLabelText(/Abierta el/)).toBeNull();
    await user.type(screen.getByLabelText(/Fecha de notificación/), '2026-11-02');
    await user.click(screen.getByRole('button', { name: 'Guardar plazo' }));
    await expect.poll(() => requests.filter((request) => request.method === 'POST').length).toBe(1);
    const sent = await requests.find((request) => request.method === 'POST')?.json();
    expect(sent).toMatchObject({ notice: 'read' });
    expect(sent).not.toHaveProperty('openedOn');
  });
});

const unopened: CaseDeadline = {
  id: 'd-1',
  caseId: 7,
  displayId: 'EXP-007',
  kind: 'requerimiento',
  startDate: '2026-11-12',
  madeAvailableOn: '2026-11-02',
  openedOn: null,
  dueDate: '2026-11-26',
  opensOn: null,
  note: null,
  doneAt: null,
  createdAt: '2026-11-02T09:00:00Z',
};

describe('a case’s deadlines, the firm’s view', () => {
  it('tells both days and why, and records the day a notice recorded unopened was opened', async () => {
    const { requests, user } = await renderPage(<CaseDeadlinesAdmin caseId={7} />, {
      role: 'lawyer',
      answer: (request) =>
        request.method === 'POST' ? { status: 200, body: { ...unopened, openedOn: '2026-11-05', startDate: '2026-11-05', dueDate: '2026-11-19' } } : { status: 200, body: [unopened] },
    });
    expect(
      await screen.findByText('Puesta a disposición el 2 de noviembre de 2026; no abierta: se entiende notificada el 12 de noviembre de 2026 (10 días naturales, art. 43.2 Ley 39/2015).'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Marcar como abierta' }));
    await user.click(screen.getByRole('button', { name: 'Guardar apertura' }));
    expect(await screen.findByText('Este campo es obligatorio')).toBeTruthy();
    await user.type(screen.getByLabelText(/Día en que se abrió la notificación/), '2026-11-05');
    await user.click(screen.getByRole('button', { name: 'Guardar apertura' }));
    expect(await toastText()).toBe('Apertura guardada: el plazo cuenta desde el día legal de notificación');
    const sent = requests.find((request) => request.method === 'POST');
    expect(sent?.url).toContain('/api/admin/deadlines/d-1/opened');
    expect(await sent?.json()).toEqual({ openedOn: '2026-11-05' });
  });
});

describe('the client’s deadlines', () => {
  it.each([
    ['es', { openedOn: '2026-11-05', startDate: '2026-11-05' }, 'Puesta a disposición el 2 de noviembre de 2026; abierta el 5 de noviembre de 2026: notificada ese día.'],
    ['en', {}, 'Made available on 2 November 2026; not opened: deemed notified on 12 November 2026 (10 calendar days, art. 43.2 Ley 39/2015).'],
    [
      'fr',
      { openedOn: '2026-11-20' },
      'Mise à disposition le 2 novembre 2026\u00a0; ouverte le 20 novembre 2026, après les 10 jours\u00a0: réputée notifiée le 12 novembre 2026 (art. 43.2 Ley 39/2015).',
    ],
    ['es', { madeAvailableOn: null, startDate: '2026-11-03' }, 'Notificada el 3 de noviembre de 2026.'],
  ] as const)('shows in %s the days the deadline runs from and why', async (language, change, text) => {
    await renderPage(<CaseDeadlines cases={[{ id: 7, displayId: 'EXP-007' }]} />, { language, answer: () => ({ status: 200, body: [{ ...unopened, ...change }] }) });
    // The French no-break spaces kept as they are, not collapsed into spaces.
    expect(await screen.findByText(text, { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) })).toBeTruthy();
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
