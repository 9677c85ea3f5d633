/** @vitest-environment happy-dom */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '#web/test/render.tsx';
import { CaseAppointmentsAdmin } from './case-appointments-admin.tsx';

const whatToBring = {
  fingerprints: 'Votre passeport.\nLa taxe 790, code 012.',
  tie_collection: 'Votre passeport.\nLe récépissé.',
  oath: 'Votre pièce d’identité.',
  other: 'Votre passeport.',
};

describe('the appointments with the administration on a case’s page', () => {
  it('starts what to bring from the kind’s list in the client’s language, follows the kind until edited, and sends what the firm wrote', async () => {
    const { user, requests } = await renderPage(<CaseAppointmentsAdmin caseId={7} stage="in_process" />, {
      role: 'reception',
      answer: (request) =>
        request.method === 'GET'
          ? { status: 200, body: { appointments: [], whatToBring } }
          : { status: 201, body: { id: '0b0b7a52-8a7e-4f57-9f6c-2d1f3a4b5c6d', caseId: 7, kind: 'tie_collection', startsAt: '2027-01-12T09:00:00.000Z', office: 'Comisaría', officeAddress: 'Calle 1', reference: null, whatToBring: 'x' } },
    });
    await screen.findByText('Este expediente no tiene citas con la administración.');
    expect(screen.queryByRole('note')).toBeNull();
    const bring = screen.getByLabelText(/Qué debe llevar el cliente/) as HTMLTextAreaElement;
    expect(bring.value).toBe(whatToBring.fingerprints);
    await user.selectOptions(screen.getByLabelText(/Tipo de cita/), 'tie_collection');
    expect(bring.value).toBe(whatToBring.tie_collection);

    await user.click(screen.getByRole('button', { name: 'Guardar cita' }));
    expect(await screen.findAllByText('Este campo es obligatorio')).not.toHaveLength(0);
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);

    await user.type(screen.getByLabelText(/^Día/), '2027-01-12');
    await user.type(screen.getByLabelText(/^Hora/), '10:00');
    await user.type(screen.getByLabelText(/^Oficina/), 'Comisaría de Elche');
    await user.type(screen.getByLabelText(/Dirección de la oficina/), 'Avinguda de la Llibertat 26');
    await user.type(bring, '\nDeux photos.');
    await user.selectOptions(screen.getByLabelText(/Tipo de cita/), 'oath');
    // Edited by hand: a new kind no longer replaces it.
    expect(bring.value).toBe(`${whatToBring.tie_collection}\nDeux photos.`);
    await user.click(screen.getByRole('button', { name: 'Guardar cita' }));

    await waitFor(() => expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1));
    // Saved, the case's appointments are read again.
    await waitFor(() => expect(requests.filter((request) => request.method === 'GET')).toHaveLength(2));
    const sent = requests.find((request) => request.method === 'POST');
    expect(new URL(sent?.url ?? '').pathname).toBe('/api/admin/cases/7/official-appointments');
    expect(await sent?.json()).toEqual({
      kind: 'oath',
      day: '2027-01-12',
      time: '10:00',
      office: 'Comisaría de Elche',
      officeAddress: 'Avinguda de la Llibertat 26',
      reference: '',
      whatToBring: `${whatToBring.tie_collection}\nDeux photos.`,
    });
  });

  it('asks for the appointment of a case at the oath, starting the form on that kind', async () => {
    await renderPage(<CaseAppointmentsAdmin caseId={7} stage="oath" />, {
      role: 'lawyer',
      answer: () => ({ status: 200, body: { appointments: [], whatToBring } }),
    });
    const note = await screen.findByRole('note');
    expect(note.textContent).toContain('El expediente está en «Jura»: añade aquí la cita');
    const kind = screen.getByLabelText(/Tipo de cita/) as HTMLSelectElement;
    expect(kind.value).toBe('oath');
    expect((screen.getByLabelText(/Qué debe llevar el cliente/) as HTMLTextAreaElement).value).toBe(whatToBring.oath);
  });
});
