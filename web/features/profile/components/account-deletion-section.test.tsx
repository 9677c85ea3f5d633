/** @vitest-environment happy-dom */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, toastText } from '#web/test/render.tsx';
import { AccountDeletionSection } from './account-deletion-section.tsx';

describe('deleting one’s account', () => {
  it('asks for the password and the confirmation, and sends nothing', async () => {
    const { requests, user } = await renderPage(<AccountDeletionSection />);
    await user.click(screen.getByRole('button', { name: 'Eliminar mi cuenta' }));
    await user.click(await screen.findByRole('button', { name: 'Eliminar mi cuenta definitivamente' }));
    expect(await screen.findByText('Este campo es obligatorio')).toBeTruthy();
    expect(screen.getByText('Marca la casilla para confirmar que quieres eliminar tu cuenta.')).toBeTruthy();
    expect(requests.filter((request) => request.method === 'DELETE' || request.method === 'POST')).toHaveLength(0);
  });

  it('tells why the account stays', async () => {
    const reason = 'Tienes un pago en curso. Podrás eliminar tu cuenta cuando se complete o caduque (como mucho, en 24 horas).';
    const { user } = await renderPage(<AccountDeletionSection />, { answer: () => ({ status: 409, body: { code: 'conflict', message: reason } }) });
    await user.click(screen.getByRole('button', { name: 'Eliminar mi cuenta' }));
    await user.type(await screen.findByLabelText(/Tu contraseña actual/), 'una contraseña');
    await user.click(screen.getByRole('checkbox', { name: /Entiendo que mi cuenta/ }));
    await user.click(screen.getByRole('button', { name: 'Eliminar mi cuenta definitivamente' }));
    expect(await toastText()).toBe(`No se pudo eliminar tu cuenta — ${reason}`);
  });

  it('puts a wrong password under its field', async () => {
    const { user } = await renderPage(<AccountDeletionSection />, {
      answer: () => ({ status: 400, body: { code: 'wrongPassword', message: 'La contraseña actual no es correcta.' } }),
    });
    await user.click(screen.getByRole('button', { name: 'Eliminar mi cuenta' }));
    await user.type(await screen.findByLabelText(/Tu contraseña actual/), 'una contraseña');
    await user.click(screen.getByRole('checkbox', { name: /Entiendo que mi cuenta/ }));
    await user.click(screen.getByRole('button', { name: 'Eliminar mi cuenta definitivamente' }));
    expect(await screen.findByText('La contraseña actual no es correcta.', { selector: '[role="alert"]' })).toBeTruthy();
  });
});
