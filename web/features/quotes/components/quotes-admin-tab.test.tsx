/** @vitest-environment happy-dom */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminQuoteRow } from '#common/quotes/quotes.contract.ts';
import { renderPage } from '#web/test/render.tsx';
import { QuotesAdminTab } from './quotes-admin-tab.tsx';

describe('who handles a quote', () => {
  it('shows a translator the selector of translation quotes only, which go to the translators', async () => {
    const quote = (id: string, kind: 'case' | 'translation', name: string): AdminQuoteRow => ({
      id,
      kind,
      status: 'requested',
      title: kind === 'case' ? 'Renovaciones y recursos' : 'Traducción',
      serviceId: kind === 'case' ? 'renewals-appeals' : 'translation',
      priceCents: null,
      currency: 'eur',
      validUntil: null,
      message: null,
      requestMessage: null,
      translation: null,
      sentAt: null,
      respondedAt: null,
      createdAt: '2026-11-28T10:00:00.000Z',
      client: { name, email: 'quote@example.com' },
      hasAccount: true,
      language: 'es',
      assigneeId: null,
    });
    const quotes = [quote('0b6c5a3e-0000-4000-8000-000000000001', 'case', 'Omar Said'), quote('0b6c5a3e-0000-4000-8000-000000000002', 'translation', 'Ivana Petrova')];
    const { requests } = await renderPage(<QuotesAdminTab />, {
      path: '/admin',
      role: 'translator',
      answer: (request) =>
        new URL(request.url).pathname === '/api/admin/assignees/translation-quotes'
          ? { status: 200, body: [{ id: 'translator-1', name: 'Tomás Ruiz' }] }
          : { status: 200, body: { items: quotes, total: 2, page: 1, pageSize: 50 } },
    });
    const select = await screen.findByRole('combobox', { name: 'Quién lo lleva (Ivana Petrova)' });
    await within(select).findByRole('option', { name: 'Tomás Ruiz' });
    expect(screen.queryByRole('combobox', { name: 'Quién lo lleva (Omar Said)' })).toBeNull();
    expect(requests.filter((request) => new URL(request.url).pathname.startsWith('/api/admin/assignees/')).map((request) => new URL(request.url).pathname)).toEqual([
      '/api/admin/assignees/translation-quotes',
    ]);
  });
});
