/** @vitest-environment happy-dom */
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Procedure } from '#common/procedures/procedures.contract.ts';
import { renderPage, toastText, type ApiAnswer } from '#web/test/render.tsx';
import { ProcedureQuestionnaireDialog } from './procedure-questionnaire-dialog.tsx';

const procedure: Procedure = { id: 'appeal', title: { es: 'Recurso', en: 'Appeal', fr: 'Recours' }, serviceId: null, isDefault: false, items: [] };
const definition = {
  form: 'EX-00',
  formTitle: 'Solicitud',
  tasa: null,
  sections: [
    {
      key: 'personal',
      title: { es: 'Datos personales', en: 'Personal details', fr: 'Données personnelles' },
      formSection: '1) DATOS DEL EXTRANJERO/A',
      isRepeatable: false,
      fields: [{ key: 'name', kind: 'text', label: { es: 'Nombre', en: 'First name', fr: 'Prénom' }, formBox: 'Nombre', isRequired: true }],
    },
  ],
};
const api = (request: Request): ApiAnswer => (request.method === 'GET' ? { status: 200, body: null } : { status: 200, body: definition });

describe('the questionnaire of a procedure, edited by the firm', () => {
  it('refuses what is not JSON or not a definition, naming where, and sends a valid one whole', async () => {
    const { user, requests } = await renderPage(<ProcedureQuestionnaireDialog procedure={procedure} />, { path: '/admin', answer: api, role: 'owner' });
    await user.click(await screen.findByRole('button', { name: 'Cuestionario de «Recurso»' }));
    const dialog = within(await screen.findByRole('dialog'));
    const text = await dialog.findByLabelText(/^Definición del cuestionario/);

    fireEvent.change(text, { target: { value: '{ "form": ' } });
    await user.click(dialog.getByRole('button', { name: 'Guardar el cuestionario' }));
    expect(dialog.getByRole('alert').textContent).toBe('No es un JSON válido.');

    fireEvent.change(text, { target: { value: JSON.stringify({ ...definition, sections: [{ ...definition.sections[0], fields: [{ key: 'name', kind: 'text' }] }] }) } });
    await user.click(dialog.getByRole('button', { name: 'Guardar el cuestionario' }));
    expect(dialog.getByRole('alert').textContent).toBe('La definición no es válida en sections.0.fields.0.label');
    expect(requests.filter((request) => request.method !== 'GET')).toEqual([]);

    fireEvent.change(text, { target: { value: JSON.stringify(definition) } });
    await user.click(dialog.getByRole('button', { name: 'Guardar el cuestionario' }));
    expect(await toastText()).toBe('Cuestionario guardado');
    const sent = requests.find((request) => request.method === 'PUT');
    expect(new URL(sent?.url ?? '').pathname).toBe('/api/admin/procedures/appeal/questionnaire');
    expect(await sent?.json()).toEqual(definition);
  });
});
