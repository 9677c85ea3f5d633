/** @vitest-environment happy-dom */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Engagement } from '#common/engagements/engagements.contract.ts';
import { renderPage } from '#web/test/render.tsx';
import { ClientEngagements } from './client-engagements.tsx';

const day = 24 * 60 * 60 * 1000;
const open: Engagement = {
  id: '6f1c1a52-2f64-4a4e-9d7c-1f5e0d1d2a01',
  serviceTitle: 'Arraigo',
  version: 0,
  textSha256: 'a'.repeat(64),
  isEarlyStartRequested: true,
  acceptedAt: new Date(Date.now() - 2 * day).toISOString(),
  contractedAt: new Date(Date.now() - 2 * day).toISOString(),
  withdrawableUntil: new Date(Date.now() + 12 * day).toISOString(),
  withdrawnAt: null,
  caseId: 1,
};
const lapsed: Engagement = {
  ...open,
  id: '6f1c1a52-2f64-4a4e-9d7c-1f5e0d1d2a02',
  serviceTitle: 'Nacionalidad',
  withdrawableUntil: new Date(Date.now() - day).toISOString(),
};

describe("the client's engagement letters in the panel", () => {
  it('offers the withdrawal only while the 14 days run, asks before it, and shows it done', async () => {
    let withdrawn = false;
    const { user, requests } = await renderPage(<ClientEngagements />, {
      answer: (request) => {
        const path = new URL(request.url).pathname;
        if (path === '/api/engagements') return { status: 200, body: [withdrawn ? { ...open, withdrawnAt: new Date().toISOString() } : open, lapsed] };
        if (path === `/api/engagements/${open.id}/withdrawal`) {
          withdrawn = true;
          return { status: 200, body: { ...open, withdrawnAt: new Date().toISOString() } };
        }
        return { status: 404 };
      },
    });
    const letters = await screen.findByRole('region', { name: 'Hojas de encargo' });
    expect(within(letters).getAllByRole('link', { name: 'Descargar la hoja de encargo' }).map((link) => link.getAttribute('href'))).toEqual([
      `/api/engagements/${open.id}/pdf`,
      `/api/engagements/${lapsed.id}/pdf`,
    ]);
    expect(within(letters).queryByRole('button', { name: 'Desistir: Nacionalidad' })).toBeNull();
    within(letters).getByText(/^El plazo para desistir terminó el /);

    await user.click(within(letters).getByRole('button', { name: 'Desistir: Arraigo' }));
    const confirm = await screen.findByRole('dialog', { name: '¿Desistir del contrato?' });
    await user.click(within(confirm).getByRole('button', { name: 'No, seguir' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    await user.click(within(letters).getByRole('button', { name: 'Desistir: Arraigo' }));
    await user.click(within(await screen.findByRole('dialog', { name: '¿Desistir del contrato?' })).getByRole('button', { name: 'Sí, desisto' }));
    await within(letters).findByText(/^Desististe el /);
    expect(within(letters).queryByRole('button', { name: 'Desistir: Arraigo' })).toBeNull();
  });
});
