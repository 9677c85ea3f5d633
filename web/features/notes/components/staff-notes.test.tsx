/** @vitest-environment happy-dom */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, toastText } from '#web/test/render.tsx';
import { StaffNotes, StaffNotesDialog } from './staff-notes.tsx';

const note = { id: '00000000-0000-4000-8000-000000000001', body: '@Olga revisa el contrato.', authorName: 'Lucía Pérez', mentioned: ['Olga Martín'], createdAt: '2026-11-20T10:00:00.000Z' };
const notesOnly = (request: Request) =>
  request.method === 'GET' && new URL(request.url).pathname === '/api/admin/cases/7/notes' ? { status: 200, body: [note] } : { status: 201, body: note };

describe('the staff’s private notes', () => {
  it('lists the notes with their author and whom they notified, and writes one for a role that may', async () => {
    const { requests, user } = await renderPage(<StaffNotes subject="cases" id={7} />, { role: 'lawyer', answer: notesOnly });
    expect(await screen.findByText('@Olga revisa el contrato.')).toBeTruthy();
    expect(screen.getByText(/Lucía Pérez/)).toBeTruthy();
    expect(screen.getByText('Avisados: Olga Martín')).toBeTruthy();
    await user.type(screen.getByLabelText(/Nueva nota interna/), 'Llamar al cliente el lunes.');
    await user.click(screen.getByRole('button', { name: 'Guardar nota' }));
    expect(await toastText()).toBe('Nota guardada.');
    const posted = requests.find((request) => request.method === 'POST');
    expect(posted && new URL(posted.url).pathname).toBe('/api/admin/cases/7/notes');
    expect(await posted?.clone().json()).toEqual({ body: 'Llamar al cliente el lunes.' });
  });

  it('sends no empty note', async () => {
    const { requests, user } = await renderPage(<StaffNotes subject="cases" id={7} />, { role: 'owner', answer: notesOnly });
    await user.click(await screen.findByRole('button', { name: 'Guardar nota' }));
    expect(await screen.findByText('Este campo es obligatorio')).toBeTruthy();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('opens a client’s notes from their row in a dialog named after them', async () => {
    const answer = (request: Request) =>
      new URL(request.url).pathname === '/api/admin/clients/u-42/notes' ? { status: 200, body: [{ ...note, body: 'Prefiere que le llamen por la tarde.' }] } : { status: 404 };
    const { user } = await renderPage(<StaffNotesDialog subject="clients" id="u-42" name="Amina Diallo" />, { role: 'reception', answer });
    await user.click(screen.getByRole('button', { name: 'Notas internas de Amina Diallo' }));
    expect(await screen.findByText('Prefiere que le llamen por la tarde.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Guardar nota' })).toBeTruthy();
  });
});
