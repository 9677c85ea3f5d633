/** @vitest-environment happy-dom */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '#web/test/render.tsx';
import AdminPage from './admin-page.tsx';

/** The groups of the menu, by their names, each with the names of its tabs. */
function menu(): Record<string, string[]> {
  return Object.fromEntries(
    screen.getAllByRole('tablist').map((list) => [
      list.getAttribute('aria-labelledby') ? (document.getElementById(list.getAttribute('aria-labelledby') ?? '')?.textContent ?? '') : '',
      within(list)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ]),
  );
}

describe('the back office’s menu', () => {
  it('groups every tab an owner may use by the work', async () => {
    await renderPage(<AdminPage />, { role: 'owner', path: '/admin?tab=pagos', answer: () => ({ status: 500 }) });
    expect(menu()).toEqual({
      'Mi día': ['Hoy'],
      'Clientes y expedientes': ['Expedientes', 'Plazos', 'Traducción jurada', 'Clientes'],
      'Consultas y agenda': ['Consultas', 'Agenda'],
      'Traducciones y presupuestos': ['Presupuestos', 'Traducciones'],
      Mensajes: ['Chat', 'Contacto'],
      Facturación: ['Pagos'],
      Web: ['Trámites', 'Servicios', 'Noticias', 'Páginas'],
      Ajustes: ['Auditoría', 'Equipo', 'Correos'],
    });
    expect(screen.getByRole('tab', { name: 'Pagos', selected: true })).toBeTruthy();
  });

  it('leaves out a group a translator may use no tab of, and opens on the first tab they may use', async () => {
    await renderPage(<AdminPage />, { role: 'translator', path: '/admin?tab=pagos', answer: () => ({ status: 500 }) });
    const groups = menu();
    expect(Object.keys(groups)).not.toContain('Facturación');
    expect(Object.keys(groups)).not.toContain('Ajustes');
    expect(groups['Traducciones y presupuestos']).toEqual(['Presupuestos', 'Traducciones']);
    expect(groups['Clientes y expedientes']).toEqual(['Traducción jurada']);
    expect(screen.queryByRole('tab', { name: 'Pagos' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Hoy', selected: true })).toBeTruthy();
  });

  it('opens on each person’s "Hoy" list when the address names no tab', async () => {
    await renderPage(<AdminPage />, { role: 'lawyer', path: '/admin', answer: () => ({ status: 500 }) });
    expect(screen.getByRole('tab', { name: 'Hoy', selected: true })).toBeTruthy();
    expect(Object.keys(menu())[0]).toBe('Mi día');
  });

  it('names the open tab on the phone’s menu button, and closes the menu once a tab is chosen', async () => {
    const { user } = await renderPage(<AdminPage />, { role: 'owner', path: '/admin?tab=expedientes', answer: () => ({ status: 500 }) });
    const button = screen.getByRole('button', { name: 'Menú del panel Expedientes' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByRole('tab', { name: 'Agenda' }));
    expect(screen.getByRole('button', { name: 'Menú del panel Agenda' }).getAttribute('aria-expanded')).toBe('false');
  });
});
