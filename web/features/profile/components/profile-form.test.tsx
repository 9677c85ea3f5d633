/** @vitest-environment happy-dom */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OwnProfile } from '#common/auth/auth.contract.ts';
import { renderPage, toastText } from '#web/test/render.tsx';
import { ProfileForm } from './profile-form.tsx';

const profile: OwnProfile = {
  firstName: 'Amina',
  lastName: 'Benali',
  email: 'amina@example.com',
  residenceCountry: null,
  buyerKind: null,
  businessName: null,
  businessTaxId: null,
  phone: '+34600123456',
  passportNumber: null,
  nie: null,
  address: null,
  dateOfBirth: null,
  hasPassword: true,
};

describe('the profile form', () => {
  it('refuses an emptied name and a NIE that is not one, and sends nothing', async () => {
    const { requests, user } = await renderPage(<ProfileForm profile={profile} />);
    await user.clear(screen.getByLabelText(/^Nombre/));
    await user.type(screen.getByLabelText(/^NIE/), 'X123');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Este campo es obligatorio')).toBeTruthy();
    expect(screen.getByText(/El NIE no es válido/)).toBeTruthy();
    expect(requests.filter((request) => request.method !== 'GET')).toHaveLength(0);
  });

  it('asks for the current password before a new e-mail', async () => {
    const { user } = await renderPage(<ProfileForm profile={profile} />);
    await user.clear(screen.getByLabelText(/^Email/));
    await user.type(screen.getByLabelText(/^Email/), 'amina.benali@example.com');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Escribe tu contraseña actual para cambiar el email.')).toBeTruthy();
  });

  it('puts a wrong current password under its field and tells the failure', async () => {
    const { user } = await renderPage(<ProfileForm profile={profile} />, {
      answer: () => ({ status: 400, body: { code: 'wrongPassword', message: 'La contraseña actual no es correcta.' } }),
    });
    await user.clear(screen.getByLabelText(/^Email/));
    await user.type(screen.getByLabelText(/^Email/), 'amina.benali@example.com');
    await user.type(screen.getByLabelText(/^Contraseña actual/), 'una contraseña');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await toastText()).toBe('Error al guardar el perfil — La contraseña actual no es correcta.');
    expect(screen.getByText('La contraseña actual no es correcta.', { selector: '[role="alert"]' })).toBeTruthy();
  });

  it('asks where the client lives and, for a business, its name and tax number, and sends them for the invoice', async () => {
    const { requests, user } = await renderPage(<ProfileForm profile={profile} />, {
      answer: (request) => (request.method === 'PUT' ? { status: 200, body: { profile: { ...profile, hasPassword: true }, isEmailChangePending: false } } : { status: 200, body: {} }),
    });
    await user.selectOptions(screen.getByLabelText(/^País de residencia/), 'FR');
    expect(screen.queryByLabelText(/^Nombre de la empresa/)).toBeNull();
    await user.selectOptions(screen.getByLabelText(/^Contratas como/), 'business');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findAllByText('Este campo es obligatorio')).toHaveLength(2);
    await user.type(screen.getByLabelText(/^Nombre de la empresa/), 'Comercial Benali');
    await user.type(screen.getByLabelText(/^Número fiscal de la empresa/), 'DE123456789');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText(/no es válido para el país/)).toBeTruthy();
    await user.clear(screen.getByLabelText(/^Número fiscal de la empresa/));
    await user.type(screen.getByLabelText(/^Número fiscal de la empresa/), 'FR12345678901');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await expect.poll(() => requests.filter((request) => request.method === 'PUT')).toHaveLength(1);
    const sent = (await requests.find((request) => request.method === 'PUT')?.clone().json()) as Record<string, unknown>;
    expect(sent).toMatchObject({ residenceCountry: 'FR', buyerKind: 'business', businessName: 'Comercial Benali', businessTaxId: 'FR12345678901' });
  });
});
