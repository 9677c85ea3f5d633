/** @vitest-environment happy-dom */
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage, toastText, type ApiAnswer } from '#web/test/render.tsx';
import type * as PhotoPages from '../photo-pages.ts';
import { passportRequest } from '../passport-request.fixture.ts';
import { CaseRequests } from './case-requests.tsx';

// happy-dom draws nothing on a canvas: a photographed page is its JPEG's bytes, here a word that the PDF keeps as it is.
let taken = 0;
vi.mock('../photo-pages.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof PhotoPages>()),
  capturePage: () => {
    taken += 1;
    const jpeg = new Blob([`photo-${taken}`], { type: 'image/jpeg' });
    return Promise.resolve({ id: `page-${taken}`, jpeg, width: 1200, height: 1600, url: `blob:photo-${taken}` });
  },
}));

const passport = passportRequest();

const checklist = (request: Request): ApiAnswer => (request.method === 'GET' ? { status: 200, body: [passport] } : { status: 200, body: { ...passport, status: 'received' } });

/** A camera the browser asks for: a stream whose tracks are stopped when the dialog closes, or a refusal. */
function stubCamera(getUserMedia: (() => Promise<unknown>) | undefined) {
  const mediaDevices = getUserMedia ? { getUserMedia: vi.fn(getUserMedia) } : undefined;
  Object.defineProperty(navigator, 'mediaDevices', { value: mediaDevices, configurable: true });
}

async function openCamera() {
  const page = await renderPage(<CaseRequests caseId={7} displayId="EXP-001" familyMembers={[]} />, { answer: checklist });
  await page.user.click(await screen.findByRole('button', { name: 'Fotografiar documento «Pasaporte completo»' }));
  return { ...page, dialog: await screen.findByRole('dialog', { name: 'Fotografiar «Pasaporte completo»' }) };
}

const thumbnails = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('list', { name: 'Páginas del documento' }))
    .getAllByRole('img')
    .map((image) => [image.getAttribute('alt'), image.getAttribute('src')]);

describe('a document photographed page by page in the client’s checklist', () => {
  beforeEach(() => {
    taken = 0;
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'mediaDevices');
  });

  it('says the camera was refused and offers the file upload instead', async () => {
    stubCamera(() => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')));
    const { dialog } = await openCamera();
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'No tenemos permiso para usar la cámara. Puedes darlo en los ajustes del navegador y volver a abrir esta ventana, o subir el documento como archivo:',
    );
    expect(within(dialog).getByLabelText('Subir archivo para «Pasaporte completo»').getAttribute('type')).toBe('file');
  });

  it('says when there is no camera at all', async () => {
    stubCamera(undefined);
    const { dialog } = await openCamera();
    expect((await within(dialog).findByRole('alert')).textContent).toBe('No encontramos ninguna cámara en este dispositivo. Puedes subir el documento como archivo:');
  });

  it('asks for the rear camera, takes three pages, reorders and retakes them, and sends them as one PDF in their order', async () => {
    const stop = vi.fn();
    stubCamera(() => Promise.resolve(Object.assign(new MediaStream(), { getTracks: () => [{ stop }] })));
    const { dialog, user, requests } = await openCamera();
    expect(vi.mocked(navigator.mediaDevices.getUserMedia).mock.calls[0]?.[0]).toMatchObject({ audio: false, video: { facingMode: { ideal: 'environment' } } });
    const take = within(dialog).getByRole('button', { name: 'Hacer foto de la página' });
    // The picture starts moving (happy-dom plays nothing): only then may a page be taken.
    const picture = within(dialog).getByLabelText('Lo que ve la cámara');
    await vi.waitFor(() => expect((picture as HTMLVideoElement).srcObject).not.toBeNull());
    expect(take.hasAttribute('disabled')).toBe(true);
    fireEvent(picture, new Event('playing'));
    await vi.waitFor(() => expect(take.hasAttribute('disabled')).toBe(false));
    for (const number of [1, 2, 3]) {
      await user.click(take);
      await within(dialog).findByRole('img', { name: `Página ${number}` });
    }
    expect(thumbnails(dialog)).toEqual([
      ['Página 1', 'blob:photo-1'],
      ['Página 2', 'blob:photo-2'],
      ['Página 3', 'blob:photo-3'],
    ]);
    expect(within(dialog).getByRole('button', { name: 'Subir la página 1' }).hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'Bajar la página 3' }).hasAttribute('disabled')).toBe(true);

    // The first page goes down: the moved page keeps the focus, and the change is announced.
    await user.click(within(dialog).getByRole('button', { name: 'Bajar la página 1' }));
    expect(thumbnails(dialog).map(([, source]) => source)).toEqual(['blob:photo-2', 'blob:photo-1', 'blob:photo-3']);
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Bajar la página 2');
    expect(within(dialog).getByText('Página 1 movida a la posición 2.')).toBeTruthy();
    // Down again to the end, where only 'up' is left to hold the focus; then back up one.
    await user.click(within(dialog).getByRole('button', { name: 'Bajar la página 2' }));
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Subir la página 3');
    await user.click(within(dialog).getByRole('button', { name: 'Subir la página 3' }));
    expect(thumbnails(dialog).map(([, source]) => source)).toEqual(['blob:photo-2', 'blob:photo-1', 'blob:photo-3']);

    // Page 3 is taken again in its place; page 1 is removed, then taken at the end.
    await user.click(within(dialog).getByRole('button', { name: 'Repetir la página 3' }));
    await user.click(within(dialog).getByRole('button', { name: 'Hacer de nuevo la página 3' }));
    await within(dialog).findByText('Página 3 sustituida.');
    await user.click(within(dialog).getByRole('button', { name: 'Quitar la página 1' }));
    await user.click(take);
    await within(dialog).findByText('Página 3 añadida.');
    expect(thumbnails(dialog).map(([, source]) => source)).toEqual(['blob:photo-1', 'blob:photo-4', 'blob:photo-5']);

    await user.click(within(dialog).getByRole('button', { name: 'Enviar 3 páginas en un PDF' }));
    expect(await toastText()).toBe('Archivo recibido: lo revisaremos pronto.');
    const upload = requests.find((request) => request.method === 'POST');
    expect(upload?.url).toBe(`http://localhost/api/cases/7/requests/${passport.id}/documents`);
    const file = (await upload?.formData())?.get('document') as File;
    expect(file.name).toBe('pasaporte-completo.pdf');
    const pdf = await file.text();
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    const [first, second, third] = ['photo-1', 'photo-4', 'photo-5'].map((photo) => pdf.indexOf(photo));
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(first ?? 0);
    expect(third).toBeGreaterThan(second ?? 0);
    // The dialog closes and lets the camera go.
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(stop).toHaveBeenCalled();
  });
});
