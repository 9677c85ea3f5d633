/** @vitest-environment happy-dom */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '#web/test/render.tsx';
import { UndoEmailChange } from './undo-email-change.tsx';

describe('undoing an e-mail change', () => {
  it('says a link without its token is incomplete, and offers nothing to send', async () => {
    const { requests } = await renderPage(<UndoEmailChange token={null} />);
    expect(screen.getByRole('alert').textContent).toBe('Este enlace está incompleto. Ábrelo de nuevo desde el email que te enviamos.');
    expect(screen.queryByRole('button')).toBeNull();
    expect(requests).toHaveLength(0);
  });

  it('shows a refusal on the page, with the server’s reason and a way to reach the firm', async () => {
    const reason = 'Este enlace ya se ha usado o ha caducado. Si no reconoces el cambio de email de tu cuenta, escríbenos o llámanos.';
    const { user } = await renderPage(<UndoEmailChange token="t1" />, { answer: () => ({ status: 400, body: { code: 'invalidToken', message: reason } }) });
    await user.click(screen.getByRole('button', { name: 'Recuperar mi email' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No se pudo recuperar el email');
    expect(alert.textContent).toContain(reason);
    expect(screen.getByRole('link', { name: 'Contactar con el despacho' })).toBeTruthy();
  });
});
