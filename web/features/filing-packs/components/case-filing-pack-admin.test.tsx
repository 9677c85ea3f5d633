/** @vitest-environment happy-dom */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '#web/test/render.tsx';
import { CaseFilingPackAdmin } from './case-filing-pack-admin.tsx';

const megabyte = 1024 * 1024;
const ids = ['0b0b7a52-8a7e-4f57-9f6c-2d1f3a4b5c61', '0b0b7a52-8a7e-4f57-9f6c-2d1f3a4b5c62', '0b0b7a52-8a7e-4f57-9f6c-2d1f3a4b5c63', '0b0b7a52-8a7e-4f57-9f6c-2d1f3a4b5c64'] as const;
const documents = [
  { id: ids[0], name: 'pasaporte.pdf', requestTitle: 'Pasaporte completo', contentType: 'application/pdf', sizeBytes: 2048, isFileable: true },
  { id: ids[1], name: 'padron.jpg', requestTitle: 'Empadronamiento', contentType: 'image/jpeg', sizeBytes: 4096, isFileable: true },
  { id: ids[2], name: 'antecedentes.png', requestTitle: 'Antecedentes penales', contentType: 'image/png', sizeBytes: 4096, isFileable: true },
  { id: ids[3], name: 'contrato.docx', requestTitle: 'Contrato', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', sizeBytes: 4096, isFileable: false },
];
const pack = {
  id: '1c1c7a52-8a7e-4f57-9f6c-2d1f3a4b5c6d',
  caseId: 7,
  files: [
    { number: 0, name: 'EXP-007-00-indice.pdf', sizeBytes: 2000, pageCount: 1, documents: [] },
    { number: 1, name: 'EXP-007-01.pdf', sizeBytes: 3 * megabyte, pageCount: 4, documents: [{ documentId: ids[0], title: 'Pasaporte completo', name: 'pasaporte.pdf', pageCount: 4 }] },
  ],
  totalBytes: 3 * megabyte + 2000,
  limits: { maxFileBytes: 10 * megabyte, maxTotalBytes: 50 * megabyte },
  createdAt: '2026-11-27T10:00:00.000Z',
  createdByName: 'Lucía Pérez',
  filedOn: null,
  receiptNumber: null,
};

describe('the filing pack on a case’s page', () => {
  it('orders the ticked documents with the keyboard, sends them in that order with the new files asked for, lists each pack’s files and records its filing', async () => {
    const { user, requests } = await renderPage(<CaseFilingPackAdmin caseId={7} />, {
      role: 'owner',
      answer: (request) => {
        if (request.method === 'GET') return { status: 200, body: { documents, packs: [pack], limits: { maxFileBytes: 10 * megabyte, maxTotalBytes: 50 * megabyte } } };
        return new URL(request.url).pathname.endsWith('/filed') ? { status: 200, body: { ...pack, filedOn: '2026-11-28', receiptNumber: 'REGAGE26e1' } } : { status: 201, body: pack };
      },
    });
    await screen.findByText('Límites del registro: 10 MB por archivo y 50 MB por presentación.');
    expect((screen.getByRole('checkbox', { name: /contrato\.docx/ }) as HTMLInputElement).disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: /pasaporte\.pdf/ }));
    await user.click(screen.getByRole('checkbox', { name: /padron\.jpg/ }));
    await user.click(screen.getByRole('checkbox', { name: /antecedentes\.png/ }));

    screen.getByRole('button', { name: 'Subir «antecedentes.png»' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Subir «antecedentes.png»' })));
    await user.keyboard('{Enter}');
    // At the top, "up" is disabled: the focus moves to its "down".
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Bajar «antecedentes.png»' })));
    const order = screen.getByRole('list', { name: 'Orden de presentación' });
    expect([...order.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      expect.stringContaining('1. antecedentes.png'),
      expect.stringContaining('2. pasaporte.pdf'),
      expect.stringContaining('3. padron.jpg'),
    ]);
    await user.click(screen.getByRole('checkbox', { name: '«padron.jpg» empieza un archivo nuevo' }));
    await user.click(screen.getByRole('button', { name: 'Preparar el expediente' }));

    await waitFor(() => expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1));
    const sent = requests.find((request) => request.method === 'POST');
    expect(new URL(sent?.url ?? '').pathname).toBe('/api/admin/cases/7/filing-packs');
    expect(await sent?.json()).toEqual({
      documents: [
        { documentId: ids[2], startsNewFile: false },
        { documentId: ids[0], startsNewFile: false },
        { documentId: ids[1], startsNewFile: true },
      ],
    });
    // Built, the case's section is read again, and the order starts empty.
    await waitFor(() => expect(requests.filter((request) => request.method === 'GET')).toHaveLength(2));
    expect(await screen.findByText('Marca los documentos que quieres presentar.')).toBeTruthy();

    const index = screen.getByRole('link', { name: 'Descargar EXP-007-00-indice.pdf' });
    expect(index.getAttribute('href')).toBe(`/api/admin/filing-packs/${pack.id}/files/0`);
    expect(screen.getByText('páginas: 4; 3 MB')).toBeTruthy();
    expect(screen.getByText('Aún sin presentar')).toBeTruthy();
    // The owner also sets the registry's limits.
    expect(screen.getByText('Límites del registro')).toBeTruthy();
    await user.type(screen.getByLabelText(/Fecha de presentación en el registro/), '2026-11-28');
    await user.type(screen.getByLabelText(/Número del justificante de registro/), 'REGAGE26e1');
    await user.click(screen.getByRole('button', { name: 'Anotar la presentación' }));
    await waitFor(() => expect(requests.filter((request) => request.method === 'POST')).toHaveLength(2));
    const filed = requests.filter((request) => request.method === 'POST')[1];
    expect(new URL(filed?.url ?? '').pathname).toBe(`/api/admin/filing-packs/${pack.id}/filed`);
    expect(await filed?.json()).toEqual({ filedOn: '2026-11-28', receiptNumber: 'REGAGE26e1' });
  });
});
