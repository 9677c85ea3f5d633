/** @vitest-environment happy-dom */
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CaseDetail } from '#common/cases/cases.contract.ts';
import { renderPage, toastText } from '#web/test/render.tsx';
import { CaseDocuments } from './case-documents.tsx';

// The form reads the case's id and its documents.
const caseItem = { id: 7, documents: [] } as unknown as CaseDetail;
const pdf = () => new File(['%PDF-1.4'], 'pasaporte.pdf', { type: 'application/pdf' });

/** The file chosen in the native picker: the form reads it from the input when it is sent. */
function choose(file: File) {
  const input = screen.getByLabelText(/^Documento/);
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
}

describe('a client’s upload to their case', () => {
  it('asks for a file, and sends nothing', async () => {
    const { requests, user } = await renderPage(<CaseDocuments caseItem={caseItem} />);
    await user.click(screen.getByRole('button', { name: 'Subir documento' }));
    expect(await toastText()).toBe('Selecciona un archivo.');
    expect(requests).toHaveLength(0);
  });

  it('refuses a file of another type before sending it', async () => {
    const { requests, user } = await renderPage(<CaseDocuments caseItem={caseItem} />);
    choose(new File(['x'], 'notas.txt', { type: 'text/plain' }));
    await user.click(screen.getByRole('button', { name: 'Subir documento' }));
    expect(await toastText()).toBe('Tipo de archivo no permitido — Solo se admiten PDF, JPG y PNG.');
    expect(requests).toHaveLength(0);
  });

  it('tells a refused upload with the server’s reason', async () => {
    const { user } = await renderPage(<CaseDocuments caseItem={caseItem} />, {
      answer: () => ({ status: 422, body: { code: 'fileInfected', message: 'El archivo pasaporte.pdf contiene un virus o software malicioso y no se ha aceptado.' } }),
    });
    choose(pdf());
    await user.click(screen.getByRole('button', { name: 'Subir documento' }));
    expect(await toastText()).toBe('Error al subir — El archivo pasaporte.pdf contiene un virus o software malicioso y no se ha aceptado.');
  });
});
