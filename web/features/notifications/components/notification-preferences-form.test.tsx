/** @vitest-environment happy-dom */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notificationKinds, type NotificationPreferences } from '#common/notifications/notifications.contract.ts';
import { renderPage, toastText } from '#web/test/render.tsx';
import { NotificationPreferencesForm } from './notification-preferences-form.tsx';

/** The boxes of one channel, as a person finds them: under its heading. */
const byEmail = () => within(screen.getByRole('group', { name: 'Por correo electrónico' }));
const byPush = () => within(screen.getByRole('group', { name: 'Como notificación del navegador' }));

const allOn = Object.fromEntries(notificationKinds.map((kind) => [kind, { email: true, push: true }])) as NotificationPreferences;

describe('the notification preferences form', () => {
  it('shows each kind with its choice, sends the one turned off, and says it is saved', async () => {
    const { requests, user } = await renderPage(<NotificationPreferencesForm preferences={{ ...allOn, quotes: { email: false, push: true } }} />, {
      answer: async (request) => ({ status: 200, body: (await request.clone().json()) as unknown }),
    });
    expect((byEmail().getByRole('checkbox', { name: 'Presupuestos' }) as HTMLInputElement).checked).toBe(false);
    expect((byPush().getByRole('checkbox', { name: 'Presupuestos' }) as HTMLInputElement).checked).toBe(true);
    const stages = byEmail().getByRole('checkbox', { name: 'Avances de tu expediente' }) as HTMLInputElement;
    expect(stages.checked).toBe(true);
    expect(stages.getAttribute('aria-describedby')).toBe('notice-stageChanges-hint');

    await user.click(stages);
    await user.click(byPush().getByRole('checkbox', { name: 'Documentos rechazados' }));
    await user.click(screen.getByRole('button', { name: 'Guardar mis avisos' }));
    expect(await toastText()).toBe('Tus avisos se han guardado.');
    const [sent] = requests.filter((request) => request.method === 'PUT');
    expect(sent?.url).toMatch(/\/api\/notifications\/preferences$/);
    expect(await sent?.json()).toEqual({ ...allOn, quotes: { email: false, push: true }, stageChanges: { email: false, push: true }, rejections: { email: true, push: false } });
  });

  it('names the mails that always come, with no box to turn them off, in the reader’s language', async () => {
    await renderPage(<NotificationPreferencesForm preferences={allOn} />, { language: 'fr' });
    expect(screen.getByRole('heading', { name: 'Ces e-mails vous parviendront toujours' })).toBeTruthy();
    expect(screen.getByText('Vos paiements et factures.')).toBeTruthy();
    expect(screen.getAllByRole('checkbox')).toHaveLength(notificationKinds.length * 2);
    expect(screen.queryByRole('checkbox', { name: /factures/i })).toBeNull();
  });

  it('tells a failed save and keeps the choices on screen', async () => {
    const { user } = await renderPage(<NotificationPreferencesForm preferences={allOn} />, {
      answer: () => ({ status: 500, body: { code: 'internal', message: 'Algo ha fallado en el servidor.' } }),
    });
    await user.click(byEmail().getByRole('checkbox', { name: 'Documentos rechazados' }));
    await user.click(screen.getByRole('button', { name: 'Guardar mis avisos' }));
    expect(await screen.findByText('No se han podido guardar tus avisos', {}, { timeout: 5000 })).toBeTruthy();
    expect((byEmail().getByRole('checkbox', { name: 'Documentos rechazados' }) as HTMLInputElement).checked).toBe(false);
  });
});
