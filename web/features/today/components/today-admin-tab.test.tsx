/** @vitest-environment happy-dom */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TodayItem, TodayList } from '#common/today/today.contract.ts';
import { renderPage } from '#web/test/render.tsx';
import { TodayAdminTab } from './today-admin-tab.tsx';

const item = (fields: Partial<TodayItem> & Pick<TodayItem, 'kind' | 'id' | 'title' | 'href'>): TodayItem => ({
  detail: '',
  caseId: null,
  at: null,
  day: null,
  time: null,
  isOverdue: false,
  assigneeId: null,
  ...fields,
});

const lucia = { id: 'u-1', name: 'Marta Ruiz' };
const document = item({ kind: 'document', id: 'r-1', title: 'Amina Diallo', detail: 'Pasaporte', caseId: 12, at: '2026-11-27T09:00:00Z', href: '/admin/expedientes/EXP-012', assigneeId: 'u-1' });
const deadline = item({ kind: 'deadline', id: 'd-1', title: 'Amina Diallo', detail: 'tie', caseId: 12, day: '2026-11-27', isOverdue: true, href: '/admin/expedientes/EXP-012', assigneeId: 'u-1' });
const contact = item({ kind: 'contact', id: 'c-1', title: 'Pierre Durand', detail: 'contact', at: '2026-11-26T18:00:00Z', isOverdue: true, href: '/admin?tab=contacto&q=Pierre+Durand' });

const mine: TodayList = { scope: 'mine', today: '2026-11-30', groups: [{ assignee: lucia, items: [deadline, document] }, { assignee: null, items: [contact] }], loads: [] };
const firm: TodayList = {
  scope: 'firm',
  today: '2026-11-30',
  groups: [{ assignee: { id: 'u-2', name: 'Javier Soler' }, items: [] }, { assignee: null, items: [contact] }],
  loads: [
    { assignee: { id: 'u-2', name: 'Javier Soler' }, counts: { replies: 0, quotes: 0, deadlines: 0, documents: 0, agenda: 0, newWork: 0 }, overdue: 0, total: 0 },
    { assignee: null, counts: { replies: 1, quotes: 0, deadlines: 0, documents: 0, agenda: 0, newWork: 0 }, overdue: 1, total: 1 },
  ],
};

const answering = (lists: Record<string, TodayList>) => (request: Request) => {
  const scope = new URL(request.url).searchParams.get('scope') ?? 'mine';
  return { status: 200, body: lists[scope] };
};

describe('the back office’s "Hoy"', () => {
  it('lists my work by section with its count, each item a link to its page, and the unassigned work', async () => {
    await renderPage(<TodayAdminTab />, { role: 'lawyer', answer: answering({ mine }) });
    const deadlines = await screen.findByRole('region', { name: 'Plazos 1' });
    const link = within(deadlines).getByRole('link', { name: /Amina Diallo/ });
    expect(link.getAttribute('href')).toBe('/admin/expedientes/EXP-012');
    expect(link.textContent).toContain('Solicitud de la TIE');
    expect(link.textContent).toContain('Vencido');
    expect(within(screen.getByRole('region', { name: 'Documentos por revisar 1' })).getByRole('link').textContent).toContain('Pasaporte');
    const unassigned = screen.getByRole('region', { name: 'Sin asignar 1' });
    expect(within(unassigned).getByRole('link', { name: /Pierre Durand/ }).getAttribute('href')).toBe('/admin?tab=contacto&q=Pierre+Durand');
    expect(screen.getByText(/30 de noviembre de 2026/)).toBeTruthy();
    // Only who may see the team switches to the firm's list.
    expect(screen.queryByRole('button', { name: 'Todo el despacho' })).toBeNull();
  });

  it('says when there is nothing to do', async () => {
    const empty: TodayList = { ...mine, groups: [{ assignee: lucia, items: [] }, { assignee: null, items: [] }] };
    await renderPage(<TodayAdminTab />, { role: 'reception', answer: answering({ mine: empty }) });
    expect(await screen.findByText('No tienes nada pendiente para hoy.')).toBeTruthy();
    expect(screen.getByText('No hay trabajo sin asignar.')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Sin asignar 0' })).toBeTruthy();
  });

  it('lets the owner switch to the whole firm: each person’s load and list', async () => {
    const { user, requests } = await renderPage(<TodayAdminTab />, { role: 'owner', answer: answering({ mine, firm }) });
    await screen.findByRole('region', { name: 'Plazos 1' });
    const firmButton = screen.getByRole('button', { name: 'Todo el despacho' });
    expect(firmButton.getAttribute('aria-pressed')).toBe('false');
    await user.click(firmButton);
    const loads = await screen.findByRole('table', { name: 'Carga de cada persona' });
    const rows = within(loads).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(expect.arrayContaining([expect.stringContaining('Javier Soler'), expect.stringContaining('Sin asignar')]));
    expect(screen.getByRole('region', { name: 'Javier Soler 0' }).textContent).toContain('Nada pendiente.');
    expect(screen.getByRole('button', { name: 'Todo el despacho' }).getAttribute('aria-pressed')).toBe('true');
    expect(requests.some((request) => request.url.endsWith('/api/admin/today?scope=firm'))).toBe(true);
  });

  it.each([
    ['en', 'Deadlines 1', 'TIE application'],
    ['fr', 'Délais 1', 'Demande de la TIE'],
  ] as const)('speaks %s', async (language, section, kind) => {
    await renderPage(<TodayAdminTab />, { role: 'lawyer', language, answer: answering({ mine }) });
    expect((await screen.findByRole('region', { name: section })).textContent).toContain(kind);
  });
});
