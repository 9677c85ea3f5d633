/** @vitest-environment happy-dom */
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage, toastText, type ApiAnswer } from '#web/test/render.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';

const client = { id: 'u1', email: 'amina@example.com', firstName: 'Amina', lastName: 'Benali', role: 'user', hasTwoFactor: true, isTwoFactorSetupRequired: false };

/** A client with the second factor on; `write` answers turning it off. */
const api =
  (write: ApiAnswer) =>
  (request: Request): ApiAnswer =>
    new URL(request.url).pathname === '/api/account/session' ? { status: 200, body: { user: client } } : write;

const disable = 'Desactivar la verificación en dos pasos';

async function open(user: UserEvent) {
  await user.click(await screen.findByRole('button', { name: disable }));
  return within(await screen.findByRole('dialog'));
}

async function fillIn(user: UserEvent, code = '123456') {
  const dialog = await open(user);
  await user.type(dialog.getByLabelText(/^Contraseña actual/), 'una contraseña');
  await user.type(dialog.getByLabelText(/^Código de verificación/), code);
  await user.click(dialog.getByRole('button', { name: disable }));
  return dialog;
}

const writes = (requests: Request[]) => requests.filter((request) => request.method === 'POST');

describe('turning the second factor off', () => {
  it('asks for the password and the code, and sends nothing', async () => {
    const { requests, user } = await renderPage(<TwoFactorSection />, { answer: api({ status: 500 }) });
    const dialog = await open(user);
    await user.click(dialog.getByRole('button', { name: disable }));
    expect(await dialog.findAllByText('Este campo es obligatorio')).toHaveLength(2);
    expect(writes(requests)).toHaveLength(0);
  });

  it('refuses a code that is neither six digits nor a backup code', async () => {
    const { requests, user } = await renderPage(<TwoFactorSection />, { answer: api({ status: 500 }) });
    const dialog = await fillIn(user, '12ab');
    expect(await dialog.findByText('Escribe los 6 dígitos de tu aplicación o un código de respaldo (xxxxx-xxxxx).')).toBeTruthy();
    expect(writes(requests)).toHaveLength(0);
  });

  it('puts a wrong code under its field', async () => {
    const { user } = await renderPage(<TwoFactorSection />, { answer: api({ status: 400, body: { code: 'invalidCode', message: 'El código no es correcto.' } }) });
    const dialog = await fillIn(user);
    expect(await dialog.findByText('El código no es correcto.', { selector: '[role="alert"]' })).toBeTruthy();
    expect(dialog.getByLabelText(/^Código de verificación/).getAttribute('aria-invalid')).toBe('true');
  });

  it('tells any other refusal in the toast, with the server’s words as its title', async () => {
    const { user } = await renderPage(<TwoFactorSection />, {
      answer: api({ status: 429, body: { code: 'rateLimited', message: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.' } }),
    });
    await fillIn(user);
    expect(await toastText()).toBe('Demasiados intentos. Espera un momento y vuelve a intentarlo.');
  });

  it('sends the password and the code, and says it is off', async () => {
    const { requests, user } = await renderPage(<TwoFactorSection />, { answer: api({ status: 204 }) });
    await fillIn(user, '123 456');
    expect(await toastText()).toBe('Verificación en dos pasos desactivada.');
    const [request] = writes(requests);
    expect(new URL(request?.url ?? '').pathname).toBe('/api/account/two-factor/disable');
    expect(await request?.json()).toEqual({ password: 'una contraseña', code: '123456' });
  });
});
