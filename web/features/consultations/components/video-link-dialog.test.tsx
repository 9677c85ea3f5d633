/** @vitest-environment happy-dom */
import { screen } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { describe, expect, it } from 'vitest';
import { renderPage, toastText } from '#web/test/render.tsx';
import { VideoLinkDialog } from './video-link-dialog.tsx';

// The dialog reads the consultation's id, its client's name and its link.
const consultation = { id: 'c1', client: { name: 'Amina Benali' }, videoUrl: null } as unknown as ComponentProps<typeof VideoLinkDialog>['consultation'];

describe('the video call link', () => {
  it('refuses a link that is not https, and sends nothing', async () => {
    const { requests, user } = await renderPage(<VideoLinkDialog consultation={consultation} />);
    await user.click(screen.getByRole('button', { name: 'Enlace de la videollamada con Amina Benali' }));
    await user.type(await screen.findByLabelText(/^Enlace\*?$/), 'http://meet.example.com/abc');
    await user.click(screen.getByRole('button', { name: 'Guardar y enviar' }));
    expect(await screen.findByText('Introduce un enlace que empiece por https://.')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('tells a refusal with the server’s reason', async () => {
    const { user } = await renderPage(<VideoLinkDialog consultation={consultation} />, {
      answer: () => ({ status: 409, body: { code: 'conflict', message: 'Solo una consulta por videollamada pendiente tiene enlace.' } }),
    });
    await user.click(screen.getByRole('button', { name: 'Enlace de la videollamada con Amina Benali' }));
    await user.type(await screen.findByLabelText(/^Enlace\*?$/), 'https://meet.example.com/abc');
    await user.click(screen.getByRole('button', { name: 'Guardar y enviar' }));
    expect(await toastText()).toBe('No se ha podido guardar el enlace — Solo una consulta por videollamada pendiente tiene enlace.');
  });
});
