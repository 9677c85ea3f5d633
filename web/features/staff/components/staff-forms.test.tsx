/** @vitest-environment happy-dom */
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage, toastText } from '#web/test/render.tsx';
import { InvitationAcceptForm } from './invitation-accept.tsx';
import { TeamAdminTab } from './team-admin-tab.tsx';

const team = { members: [], invitations: [] };
const posts = (requests: Request[]) => requests.filter((request) => request.method === 'POST');

describe('the owner’s invitation form (Equipo)', () => {
  it('asks for a valid e-mail and sends nothing', async () => {
    const { requests, user } = await renderPage(<TeamAdminTab />, { role: 'owner', answer: () => ({ status: 200, body: team }) });
    await user.click(await screen.findByRole('button', { name: 'Invitar' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), 'no-es-un-correo');
    await user.click(screen.getByRole('button', { name: 'Invitar' }));
    expect(screen.getByRole('alert').textContent).not.toBe('');
    expect(posts(requests)).toHaveLength(0);
  });

  it('invites the address with the role chosen, and tells a refusal with the server’s reason', async () => {
    let refuse = false;
    const { requests, user } = await renderPage(<TeamAdminTab />, {
      role: 'owner',
      answer: (request) =>
        request.method === 'POST'
          ? refuse
            ? { status: 409, body: { code: 'conflict', message: 'Esa dirección ya es del equipo.' } }
            : { status: 201, body: { id: 'i-1' } }
          : { status: 200, body: team },
    });
    await user.type(await screen.findByLabelText('Email'), 'lucia@despacho.example');
    await user.selectOptions(screen.getByLabelText('Rol'), 'translator');
    await user.click(screen.getByRole('button', { name: 'Invitar' }));
    await vi.waitFor(() => expect(posts(requests)).toHaveLength(1));
    expect(await posts(requests)[0]?.clone().json()).toEqual({ email: 'lucia@despacho.example', role: 'translator', language: 'es' });
    expect(await toastText()).toBe('Invitación enviada a lucia@despacho.example.');

    refuse = true;
    await user.type(screen.getByLabelText('Email'), 'marta@despacho.example');
    await user.click(screen.getByRole('button', { name: 'Invitar' }));
    await vi.waitFor(() => expect(posts(requests)).toHaveLength(2));
    await vi.waitFor(async () => expect(await toastText()).toContain('Esa dirección ya es del equipo.'));
  });
});

describe('the invitation link’s form', () => {
  const invitation = (request: Request) =>
    request.method === 'GET' ? { status: 200, body: { email: 'lucia@despacho.example', role: 'lawyer' } } : { status: 201, body: { email: 'lucia@despacho.example' } };

  it('asks for the name, the phone and the password, and sends nothing', async () => {
    const { requests, user } = await renderPage(<InvitationAcceptForm token={"a".repeat(40)} onAccepted={() => {}} isContinuing={false} />, { answer: invitation });
    await user.click(await screen.findByRole('button', { name: 'Crear mi cuenta' }));
    expect((await screen.findAllByText('Este campo es obligatorio')).length).toBeGreaterThan(0);
    expect(posts(requests)).toHaveLength(0);
  });

  it('makes the account and hands the address and password on to sign in', async () => {
    const onAccepted = vi.fn();
    const { requests, user } = await renderPage(<InvitationAcceptForm token={'b'.repeat(40)} onAccepted={onAccepted} isContinuing={false} />, { answer: invitation });
    await user.type(await screen.findByLabelText(/^Nombre/), 'Lucía');
    await user.type(screen.getByLabelText(/^Apellidos/), 'Ortega');
    await user.type(screen.getByLabelText(/^Teléfono/), '+34 600 111 222');
    await user.type(screen.getByLabelText(/^Contraseña/), 'Elche-Abogada-Clave-2026!');
    await user.click(screen.getByRole('button', { name: 'Crear mi cuenta' }));
    await vi.waitFor(() => expect(onAccepted).toHaveBeenCalledWith({ email: 'lucia@despacho.example', password: 'Elche-Abogada-Clave-2026!' }));
    expect(posts(requests)).toHaveLength(1);
  });

  it('says a used or expired link is no longer valid', async () => {
    await renderPage(<InvitationAcceptForm token={'c'.repeat(40)} onAccepted={() => {}} isContinuing={false} />, {
      answer: () => ({ status: 404, body: { code: 'notFound', message: 'No encontrado.' } }),
    });
    expect((await screen.findByRole('alert')).textContent).toContain('no es válido');
  });
});

describe('deactivating a member (Equipo)', () => {
  it('says the person no longer has access and what of their work went back to the unassigned queues', async () => {
    const member = { id: 'u-9', firstName: 'Pablo', lastName: 'Ruiz', email: 'pablo@despacho.example', role: 'lawyer', hasTwoFactor: true, isActive: true };
    vi.stubGlobal('confirm', () => true);
    const { requests, user } = await renderPage(<TeamAdminTab />, {
      role: 'owner',
      answer: (request) =>
        request.method === 'POST'
          ? { status: 200, body: { released: { cases: 2, consultations: 1, quotes: 0, translationRequests: 0, contactRequests: 0, chats: 0 } } }
          : { status: 200, body: { members: [member], invitations: [] } },
    });
    await user.click(await screen.findByRole('button', { name: 'Desactivar' }));
    expect(await toastText()).toBe('Pablo Ruiz ya no tiene acceso. — Vuelve a la cola sin asignar: 2 expedientes, 1 consulta.');
    expect(new URL(posts(requests)[0]?.url ?? '').pathname).toBe('/api/admin/staff/u-9/deactivate');
  });
});
