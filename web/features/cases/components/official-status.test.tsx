/** @vitest-environment happy-dom */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { officialStatusPages } from '#common/cases/official-status.ts';
import { renderPage } from '#web/test/render.tsx';
import { OfficialStatus } from './official-status.tsx';

describe('the status of a filed case at the administration', () => {
  it('links an immigration file to the Sede’s query, says what it asks for and copies the number', async () => {
    const { user } = await renderPage(<OfficialStatus serviceId="arraigo" fileNumber="030020260001234" />);
    const link = screen.getByRole('link', { name: 'Abrir la consulta de Extranjería' });
    expect(link.getAttribute('href')).toBe(officialStatusPages.immigration);
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getByText(/tu NIE \(o este número de expediente/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Copiar el número 030020260001234' }));
    // user-event gives the page a clipboard of its own to read back.
    expect(await navigator.clipboard.readText()).toBe('030020260001234');
    expect(await screen.findByText('Número copiado.')).toBeTruthy();
    expect(screen.getByText('Requerimiento o pendiente de aportar documentación')).toBeTruthy();
  });

  it('sends a nationality file to the Ministry of Justice, in the reader’s language', async () => {
    await renderPage(<OfficialStatus serviceId="nationality" fileNumber="R-012345/2026" />, { language: 'fr' });
    expect(screen.getByRole('link', { name: 'Ouvrir la consultation Nationalité' }).getAttribute('href')).toBe(officialStatusPages.nationality);
  });

  it('shows nothing before the file number is recorded, or for a service without an administration file', async () => {
    const { container } = await renderPage(
      <>
        <OfficialStatus serviceId="arraigo" fileNumber={null} />
        <OfficialStatus serviceId="express" fileNumber="030020260001234" />
      </>,
    );
    expect(container.textContent).toBe('');
  });

  it('gives the firm the link and the number, without the client’s explanations', async () => {
    await renderPage(<OfficialStatus serviceId="arraigo" fileNumber="030020260001234" isForStaff />);
    expect(screen.getByRole('heading', { level: 3, name: 'Consulta el estado en la Administración' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Abrir la consulta de Extranjería' })).toBeTruthy();
    expect(screen.queryByText('Qué suele querer decir cada estado')).toBeNull();
  });
});
