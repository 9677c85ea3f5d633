/** @vitest-environment happy-dom */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminCaseDetail } from '#common/cases/cases.contract.ts';
import { renderPage, type ApiAnswer } from '#web/test/render.tsx';
import { AdminCasePage } from './admin-case-page.tsx';

const detail: AdminCaseDetail = {
  id: 7,
  displayId: 'EXP-007',
  serviceId: 'arraigo',
  serviceTitle: 'Arraigo',
  stage: 'more_documents_requested',
  createdAt: '2026-10-01T09:00:00.000Z',
  history: [
    { stage: 'awaiting_documents', note: null, createdAt: '2026-10-01T09:00:00.000Z' },
    { stage: 'filed', note: null, createdAt: '2026-10-10T09:00:00.000Z' },
    { stage: 'in_process', note: null, createdAt: '2026-10-20T09:00:00.000Z' },
    { stage: 'requerimiento_received', note: 'Piden el padrón.', createdAt: '2026-11-02T09:00:00.000Z' },
    { stage: 'more_documents_requested', note: null, createdAt: '2026-11-03T09:00:00.000Z' },
  ],
  filing: { fileNumber: null, filedOn: null, office: null },
  documents: [],
  messages: [{ id: '9d1e3c2a-1b4f-4e8a-9c7d-2f5e6a7b8c90', author: 'client', body: 'Bonjour, voici mon passeport.', createdAt: '2026-11-04T09:00:00.000Z' }],
  familyMembers: [],
  handler: null,
  client: {
    firstName: 'Chloé',
    lastName: 'Martin',
    email: 'chloe@example.fr',
    residenceCountry: null,
    buyerKind: null,
    businessName: null,
    businessTaxId: null,
    phone: '+33 6 12 34 56 78',
    passportNumber: null,
    nie: null,
    address: null,
    dateOfBirth: null,
    language: 'fr',
  },
  payments: [],
};

const answer = (request: Request): ApiAnswer => {
  const path = new URL(request.url).pathname;
  if (path === '/api/admin/cases/7') return { status: 200, body: detail };
  return request.method === 'GET' ? { status: 200, body: [] } : { status: 204 };
};

describe('the firm’s case page', () => {
  it('says at the top who the client is, the language to write to them in and how to reach them', async () => {
    await renderPage(<AdminCasePage caseId={7} />, { role: 'lawyer', answer });
    const heading = await screen.findByRole('heading', { level: 1, name: 'EXP-007 · Arraigo' });
    const header = heading.closest('header') as HTMLElement;
    expect(within(header).getByText('Chloé Martin')).toBeTruthy();
    expect(within(header).getByText('Idioma del cliente: Français')).toBeTruthy();
    expect(within(header).getByRole('link', { name: 'chloe@example.fr' }).getAttribute('href')).toBe('mailto:chloe@example.fr');
    expect(within(header).getByRole('link', { name: '+33 6 12 34 56 78' }).getAttribute('href')).toBe('tel:+33612345678');
    expect(within(header).getByText('Requerida más documentación')).toBeTruthy();
  });

  it('shows the thread in a region of its own, and the timeline cut by phase, oldest first', async () => {
    await renderPage(<AdminCasePage caseId={7} />, { role: 'lawyer', answer });
    const thread = await screen.findByRole('region', { name: 'Mensajes' });
    expect(within(thread).getByText('Bonjour, voici mon passeport.')).toBeTruthy();
    expect(within(thread).getByLabelText('Respuesta al cliente').getAttribute('aria-describedby')).toBeTruthy();
    expect(within(thread).getByText('Escríbale en Français, el idioma de su cuenta.')).toBeTruthy();
    const history = screen.getByRole('heading', { name: 'Historial' }).nextElementSibling as HTMLElement;
    const runs = within(history)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === history)
      .map((run) => run.textContent);
    expect(runs).toHaveLength(3);
    expect(runs[0]).toMatch(/^En el despacho.*Pendiente de documentación.*Presentado/);
    expect(runs[1]).toMatch(/^En la administración.*En trámite.*Requerimiento recibido.*Piden el padrón\./);
    expect(runs[2]).toMatch(/^En el despacho.*Requerida más documentación/);
  });
});
