/** @vitest-environment happy-dom */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, toastText, type ApiAnswer } from '#web/test/render.tsx';
import { NewsAdminTab } from './news-admin-tab.tsx';

const emptyTable = (request: Request): ApiAnswer | undefined =>
  request.method === 'GET' ? { status: 200, body: { items: [], total: 0, page: 1, pageSize: 50 } } : undefined;

describe('the news article form of the back office', () => {
  it('asks for the Spanish title and content, and sends nothing', async () => {
    const { requests, user } = await renderPage(<NewsAdminTab />, { path: '/admin', answer: (request) => emptyTable(request) ?? { status: 500 } });
    await user.click(await screen.findByRole('button', { name: 'Nueva noticia' }));
    await user.click(await screen.findByRole('button', { name: 'Guardar noticia' }));
    expect(await screen.findAllByText('Este campo es obligatorio')).toHaveLength(2);
    expect(requests.filter((request) => request.method !== 'GET')).toHaveLength(0);
  });

  it('tells a refusal with the server’s reason', async () => {
    const { user } = await renderPage(<NewsAdminTab />, {
      path: '/admin',
      answer: (request) => emptyTable(request) ?? { status: 403, body: { code: 'forbidden', message: 'No tienes permisos para realizar esta acción.' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Nueva noticia' }));
    await user.type(await screen.findByLabelText(/^Título \(Español/), 'Nueva ley');
    await user.type(screen.getByLabelText(/^Contenido \(Español/), 'Texto de la noticia.');
    await user.click(screen.getByRole('button', { name: 'Guardar noticia' }));
    expect(await toastText()).toBe('Error al actualizar — No tienes permisos para realizar esta acción.');
  });

  it('shows a table that failed to load, in a toast and under the table', async () => {
    await renderPage(<NewsAdminTab />, { path: '/admin', answer: () => ({ status: 403, body: { code: 'twoFactorRequired', message: 'Configura la verificación en dos pasos para usar el panel de administración.' } }) });
    expect(await toastText()).toMatch(/^Error al cargar .* — Configura la verificación en dos pasos/);
    expect(await screen.findByText(/^Error al cargar/, { selector: '[role="alert"]' })).toBeTruthy();
  });
});
