/** @vitest-environment happy-dom */
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminSection } from '#common/sections/sections.contract.ts';
import { renderPage, toastText } from '#web/test/render.tsx';
import { SectionDialog } from './section-dialog.tsx';

const spanish = {
  title: 'Expatriación',
  summary: 'Te acompañamos en tu traslado a España.',
  audience: 'Personas que se mudan a España.',
  requirements: '- Pasaporte en vigor',
  approach: 'Estudiamos tu caso y te proponemos un plan.',
  faq: [{ question: '¿Cuánto tarda?', answer: 'Unos tres meses.' }],
};
const section = { id: 'expatriation', path: '/expatriacion', texts: { es: spanish }, updatedAt: '2026-11-20T10:00:00.000Z' } as AdminSection;

const ui = <SectionDialog section={section} trigger={(open) => <button onClick={open}>Editar</button>} />;

async function open(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: 'Editar' }));
  return within(await screen.findByRole('dialog'));
}

describe('editing a section page', () => {
  it('asks for the Spanish title, and for every text of a language once one is written', async () => {
    const { requests, user } = await renderPage(ui);
    const dialog = await open(user);
    await user.clear(dialog.getByLabelText(/^Título \(Español\)/));
    await user.type(dialog.getByLabelText(/^Título \(Inglés\)/), 'Moving to Spain');
    await user.click(dialog.getByRole('button', { name: 'Guardar página' }));
    expect(await dialog.findAllByText('Este campo es obligatorio')).toHaveLength(5);
    expect(dialog.getByLabelText(/^Título \(Español\)/).getAttribute('aria-invalid')).toBe('true');
    expect(dialog.getByLabelText(/^Resumen \(para buscadores\) \(Inglés\)/).getAttribute('aria-invalid')).toBe('true');
    expect(requests).toHaveLength(0);
  });

  it('puts the server’s message for a field under that field, and says why in the toast', async () => {
    const { user } = await renderPage(ui, {
      answer: () => ({ status: 400, body: { code: 'validation', message: 'Revisa los datos del formulario.', issues: [{ path: 'texts.es.title', message: 'El texto es demasiado largo.' }] } }),
    });
    const dialog = await open(user);
    await user.click(dialog.getByRole('button', { name: 'Guardar página' }));
    expect(await toastText()).toBe('Error al actualizar — Revisa los datos del formulario.');
    expect(await dialog.findByText('El texto es demasiado largo.')).toBeTruthy();
  });

  it('sends the page’s words, leaving out the languages left blank', async () => {
    const { requests, user } = await renderPage(ui, { answer: () => ({ status: 200, body: section }) });
    const dialog = await open(user);
    await user.clear(dialog.getByLabelText(/^Título \(Español\)/));
    await user.type(dialog.getByLabelText(/^Título \(Español\)/), 'Vivir en España');
    await user.click(dialog.getByRole('button', { name: 'Guardar página' }));
    expect(await toastText()).toBe('Página guardada');
    expect(requests[0]?.method).toBe('PUT');
    expect(new URL(requests[0]?.url ?? '').pathname).toBe('/api/admin/sections/expatriation');
    expect(await requests[0]?.json()).toEqual({ texts: { es: { ...spanish, title: 'Vivir en España' } } });
  });
});
