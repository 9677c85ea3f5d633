/** @vitest-environment happy-dom */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ContactRequestRow } from '#common/contact/contact.contract.ts';
import { renderPage, toastText, type ApiAnswer } from '#web/test/render.tsx';
import { ContactAdminTab } from './contact-admin-tab.tsx';

const row: ContactRequestRow = {
  id: '7d2a3d1e-4f7b-4c55-9a51-0a1b2c3d4e5f',
  name: 'Fatima Benali',
  email: 'fatima@example.com',
  phone: null,
  subject: null,
  message: 'Hola.',
  createdAt: '2026-11-28T10:00:00.000Z',
  answeredAt: null,
  assigneeId: null,
};
const choices = [
  { id: 'lawyer-1', name: 'Lucía Pérez' },
  { id: 'reception-1', name: 'Rafa Gil' },
];

/** The Contacto tab's one request, the staff it may go to, and `write` for the assignment. */
const api =
  (write: ApiAnswer) =>
  (request: Request): ApiAnswer => {
    if (request.method !== 'GET') return write;
    const url = new URL(request.url);
    if (url.pathname === '/api/admin/assignees/contact-requests') return { status: 200, body: choices };
    return { status: 200, body: { items: [row], total: 1, page: 1, pageSize: 50 } };
  };
const writes = (requests: Request[]) => requests.filter((request) => request.method !== 'GET');

describe('who handles a contact request (the back office lists’ selector and filter)', () => {
  it('assigns a row to a staff member whose role does the work, and says so', async () => {
    const { requests, user } = await renderPage(<ContactAdminTab />, { path: '/admin', role: 'reception', answer: api({ status: 200, body: { assigneeId: 'lawyer-1' } }) });
    const select = await screen.findByRole('combobox', { name: 'Quién lo lleva (Fatima Benali)' });
    await within(select).findByRole('option', { name: 'Rafa Gil' });
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['Sin asignar', 'Lucía Pérez', 'Rafa Gil']);
    await user.selectOptions(select, 'lawyer-1');
    expect(await toastText()).toBe('Asignación guardada.');
    const [sent] = writes(requests);
    expect(sent?.method).toBe('PUT');
    expect(new URL(sent?.url ?? '').pathname).toBe(`/api/admin/contact-requests/${row.id}/assignee`);
    expect(await sent?.json()).toEqual({ assigneeId: 'lawyer-1' });
  });

  it('tells a refusal with the server’s reason', async () => {
    const { user } = await renderPage(<ContactAdminTab />, {
      path: '/admin',
      role: 'reception',
      answer: api({ status: 400, body: { code: 'validation', message: 'Elija a un miembro activo del equipo cuyo puesto lleve este trabajo.' } }),
    });
    const select = await screen.findByRole('combobox', { name: 'Quién lo lleva (Fatima Benali)' });
    await within(select).findByRole('option', { name: 'Rafa Gil' });
    await user.selectOptions(select, 'reception-1');
    expect(await toastText()).toBe('No se pudo cambiar la asignación — Elija a un miembro activo del equipo cuyo puesto lleve este trabajo.');
  });

  it('starts again at the first page when the filter changes', async () => {
    const { requests, user } = await renderPage(<ContactAdminTab />, {
      path: '/admin',
      role: 'lawyer',
      answer: (request) => (request.url.includes('/api/admin/assignees/') ? { status: 200, body: choices } : { status: 200, body: { items: [row], total: 120, page: 1, pageSize: 50 } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Siguiente' }));
    const pages = () =>
      requests
        .filter((request) => new URL(request.url).pathname === '/api/admin/contact-requests')
        .map((request) => `${new URL(request.url).searchParams.get('page')} ${new URL(request.url).searchParams.get('assigned') ?? 'all'}`);
    await expect.poll(pages).toContain('2 all');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Mostrar' }), 'mine');
    await expect.poll(pages).toContain('1 mine');
    expect(pages()).not.toContain('2 mine');
  });

  it('lists only mine or the unassigned queue when asked', async () => {
    const { requests, user } = await renderPage(<ContactAdminTab />, { path: '/admin', role: 'lawyer', answer: api({ status: 204 }) });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Mostrar' }), 'mine');
    await screen.findByRole('combobox', { name: 'Quién lo lleva (Fatima Benali)' });
    const lists = () => requests.filter((request) => new URL(request.url).pathname === '/api/admin/contact-requests').map((request) => new URL(request.url).searchParams.get('assigned'));
    await expect.poll(lists).toContain('mine');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Mostrar' }), 'unassigned');
    await expect.poll(lists).toContain('unassigned');
  });

});
