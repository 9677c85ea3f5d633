/** @vitest-environment happy-dom */
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CaseDetail } from '#common/cases/cases.contract.ts';
import { renderPage, toastText } from '#web/test/render.tsx';
import { CaseDocumentsAdmin } from './case-documents-admin.tsx';

// The form reads the case's id and its documents.
const detail = { id: 7, documents: [] } as unknown as CaseDetail;
const pdf = () => new File(['%PDF-1.4'], 'resolucion.pdf', { type: 'application/pdf' });
const upload = 'Subir';

/** The file chosen in the native picker: the form reads it from the input when it is sent. */
function choose(file: File) {
  const input = screen.getByLabelText(/^Subir un documento para el cliente/);
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
}

describe('the firm’s upload to a case', () => {
  it('asks for a file, and sends nothing', async () => {
    const { requests, user } = await renderPage(<CaseDocumentsAdmin detail={detail} />, { role: 'owner' });
    await user.click(screen.getByRole('button', { name: upload }));
    expect(await toastText()).toBe('Selecciona un archivo.');
    expect(requests).toHaveLength(0);
  });

  it('refuses a file of another type before sending it', async () => {
    const { requests, user } = await renderPage(<CaseDocumentsAdmin detail={detail} />, { role: 'owner' });
    choose(new File(['x'], 'notas.txt', { type: 'text/plain' }));
    await user.click(screen.getByRole('button', { name: upload }));
    expect(await toastText()).toBe('Tipo de archivo no permitido. Solo se admiten PDF, JPG y PNG.');
    expect(requests).toHaveLength(0);
  });

  it('tells a refused upload with the server’s reason', async () => {
    const { user } = await renderPage(<CaseDocumentsAdmin detail={detail} />, {
      role: 'owner',
      answer: () => ({ status: 422, body: { code: 'fileInfected', message: 'El archivo resolucion.pdf contiene un virus o software malicioso y no se ha aceptado.' } }),
    });
    choose(pdf());
    await user.click(screen.getByRole('button', { name: upload }));
    expect(await toastText()).toBe('Error al subir — El archivo resolucion.pdf contiene un virus o software malicioso y no se ha aceptado.');
  });

  it('sends the file to the case', async () => {
    const { requests, user } = await renderPage(<CaseDocumentsAdmin detail={detail} />, {
      role: 'owner',
      answer: () => ({ status: 201, body: { id: 'd1', name: 'resolucion.pdf', createdAt: '2026-11-28T10:00:00.000Z' } }),
    });
    choose(pdf());
    await user.click(screen.getByRole('button', { name: upload }));
    expect(await toastText()).toBe('Documento Subido — resolucion.pdf');
    expect([requests[0]?.method, new URL(requests[0]?.url ?? '').pathname]).toEqual(['POST', '/api/admin/cases/7/documents']);
    const sent = (await requests[0]?.formData())?.get('document');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('resolucion.pdf');
  });
});
