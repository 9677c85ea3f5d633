/** @vitest-environment happy-dom */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CaseRequest } from '#common/cases/case-requests.contract.ts';
import type { CaseDetail, CaseDocument } from '#common/cases/cases.contract.ts';
import { renderPage } from '#web/test/render.tsx';
import { CaseDocumentsAdmin } from './case-documents-admin.tsx';
import { fileMarks } from './case-file-admin.tsx';
import { CaseRequestsAdmin } from './case-requests-admin.tsx';

const file = (id: string, name: string, contentType: string, createdAt: string): CaseDocument => ({
  id: `00000000-0000-4000-8000-00000000000${id}`,
  name,
  contentType,
  sizeBytes: 2048,
  createdAt,
});
const firstPassport = file('1', 'pasaporte.pdf', 'application/pdf', '2026-11-26T10:00:00.000Z');
const secondPassport = file('2', 'pasaporte-completo.pdf', 'application/pdf', '2026-11-27T10:00:00.000Z');
const photo = file('3', 'foto.jpg', 'image/jpeg', '2026-11-27T11:00:00.000Z');
const letter = file('4', 'carta.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', '2026-11-27T12:00:00.000Z');

const request = (id: string, title: string, status: CaseRequest['status'], documents: CaseDocument[]): CaseRequest => ({
  id: `5b0f1f55-8c1e-4c43-9a55-0d7f2f0e1a1${id}`,
  caseId: 7,
  familyMemberId: null,
  title,
  explanation: '',
  isApostilleRequired: false,
  isSwornTranslationRequired: false,
  validityMonths: null,
  isPerFamilyMember: false,
  status,
  rejectionReason: status === 'rejected' ? 'Borrosa.' : null,
  dueDate: null,
  documents,
  createdAt: '2026-11-25T10:00:00.000Z',
});

const passportRequest = request('1', 'Pasaporte completo', 'received', [firstPassport, secondPassport]);
const photoRequest = request('2', 'Fotografía', 'rejected', [photo]);

/** The file's own line in a list: its download link and what stands beside it. */
const fileLine = (name: string) => screen.getByRole('link', { name: `Descargar ${name}` }).closest('li') as HTMLElement;

describe('the marks of the files a firm should not work from', () => {
  it('marks every file but the newest of a request as superseded, and the newest of a rejected request as rejected', () => {
    const marks = fileMarks([passportRequest, photoRequest, request('3', 'Carta', 'accepted', [letter])]);
    expect(Object.fromEntries(marks)).toEqual({ [firstPassport.id]: 'superseded', [photo.id]: 'rejected' });
  });

  it('shows the marks beside the files of the requests', async () => {
    await renderPage(<CaseRequestsAdmin caseId={7} familyMembers={[]} />, {
      role: 'owner',
      answer: () => ({ status: 200, body: [passportRequest, photoRequest] }),
    });
    await screen.findByRole('link', { name: 'Descargar pasaporte.pdf' });
    expect(within(fileLine('pasaporte.pdf')).getByText('Sustituido')).toBeTruthy();
    expect(within(fileLine('pasaporte-completo.pdf')).queryByText('Sustituido')).toBeNull();
    expect(within(fileLine('foto.jpg')).getByText('Rechazado')).toBeTruthy();
  });

  it('shows the marks in the case’s documents as well, and none on a file that answers no request', async () => {
    const detail = { id: 7, documents: [firstPassport, secondPassport, letter] } as unknown as CaseDetail;
    await renderPage(<CaseDocumentsAdmin detail={detail} marks={fileMarks([passportRequest])} />, { role: 'owner' });
    expect(within(fileLine('pasaporte.pdf')).getByText('Sustituido')).toBeTruthy();
    expect(within(fileLine('pasaporte-completo.pdf')).queryByText(/Sustituido|Rechazado/)).toBeNull();
    expect(within(fileLine('carta.docx')).queryByText(/Sustituido|Rechazado/)).toBeNull();
  });
});

describe('the preview of a file in the case page', () => {
  const detail = { id: 7, documents: [secondPassport, photo, letter] } as unknown as CaseDetail;

  it('shows a PDF in a frame of its address served inline, with its download beside it', async () => {
    const { user } = await renderPage(<CaseDocumentsAdmin detail={detail} />, { role: 'owner' });
    await user.click(screen.getByRole('button', { name: 'Ver «pasaporte-completo.pdf»' }));
    const dialog = await screen.findByRole('dialog', { name: 'pasaporte-completo.pdf' });
    const frame = dialog.querySelector('iframe');
    expect(frame?.getAttribute('title')).toBe('pasaporte-completo.pdf');
    expect(frame?.getAttribute('src')).toBe(`/api/admin/cases/7/documents/${secondPassport.id}?disposition=inline`);
    expect(within(dialog).getByRole('link', { name: 'Descargar pasaporte-completo.pdf' }).getAttribute('href')).toBe(
      `/api/admin/cases/7/documents/${secondPassport.id}`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows an image as an image', async () => {
    const { user } = await renderPage(<CaseDocumentsAdmin detail={detail} />, { role: 'owner' });
    await user.click(screen.getByRole('button', { name: 'Ver «foto.jpg»' }));
    const dialog = await screen.findByRole('dialog', { name: 'foto.jpg' });
    expect(within(dialog).getByRole('img', { name: 'foto.jpg' }).getAttribute('src')).toBe(`/api/admin/cases/7/documents/${photo.id}?disposition=inline`);
  });

  it('offers only the download of a file the browser cannot show', async () => {
    await renderPage(<CaseDocumentsAdmin detail={detail} />, { role: 'owner' });
    expect(screen.getByRole('link', { name: 'Descargar carta.docx' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ver «carta.docx»' })).toBeNull();
  });
});
