/** @vitest-environment happy-dom */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CaseQuestionnaire as Questionnaire, QuestionnaireDefinition } from '#common/questionnaires/questionnaires.contract.ts';
import { renderPage, toastText, type ApiAnswer } from '#web/test/render.tsx';
import { CaseQuestionnaire } from './case-questionnaire.tsx';

const L = (es: string, en: string, fr: string) => ({ es, en, fr });

const definition: QuestionnaireDefinition = {
  form: 'EX-10',
  formTitle: 'Solicitud de autorización de residencia temporal por circunstancias excepcionales',
  tasa: { code: '052', concept: 'Arraigo', amountCents: null },
  sections: [
    {
      key: 'personal',
      title: L('Datos personales', 'Personal details', 'Données personnelles'),
      formSection: '1) DATOS DEL EXTRANJERO/A',
      isRepeatable: false,
      fields: [
        { key: 'name', kind: 'text', label: L('Nombre', 'First name', 'Prénom'), formBox: 'Nombre', isRequired: true, prefill: 'firstName' },
        { key: 'birthDate', kind: 'date', label: L('Fecha de nacimiento', 'Date of birth', 'Date de naissance'), formBox: 'Fecha de nacimiento', isRequired: true },
        { key: 'nationality', kind: 'country', label: L('Nacionalidad', 'Nationality', 'Nationalité'), formBox: 'Nacionalidad', isRequired: true },
      ],
    },
    {
      key: 'entries',
      title: L('Entradas en España', 'Entries to Spain', 'Entrées en Espagne'),
      formSection: 'ANEXO',
      isRepeatable: true,
      fields: [{ key: 'entryDate', kind: 'date', label: L('Fecha de entrada', 'Date of entry', 'Date d’entrée'), formBox: 'Fecha de entrada', isRequired: true }],
    },
  ],
};

const questionnaire: Questionnaire = { procedureId: 'arraigo-social', definition, current: null, prefill: { firstName: 'Amina', email: 'amina@example.com' } };

const answer = (request: Request): ApiAnswer =>
  request.method === 'GET'
    ? { status: 200, body: questionnaire }
    : { status: 200, body: { version: 1, status: 'submitted', answers: {}, savedBy: { name: 'Amina Diallo', isStaff: false }, createdAt: '2026-11-29T17:00:00.000Z' } };

describe('the client’s questionnaire of a case', () => {
  it('starts from the profile, marks the required answers on submit without sending, then sends the whole', async () => {
    const { user, requests } = await renderPage(<CaseQuestionnaire caseId={7} />, { language: 'fr', answer });
    await user.click(await screen.findByRole('button', { name: 'Remplir le questionnaire' }));
    const region = screen.getByRole('region', { name: 'Questionnaire' });
    expect(within(region).getByLabelText('Prénom')).toHaveProperty('value', 'Amina');

    await user.click(within(region).getByRole('button', { name: 'Envoyer au cabinet' }));
    expect(within(region).getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Ce champ est obligatoire', 'Ce champ est obligatoire']);
    expect(requests.filter((request) => request.method !== 'GET')).toEqual([]);

    await user.type(within(region).getByLabelText('Date de naissance'), '1991-04-17');
    await user.selectOptions(within(region).getByLabelText('Nationalité'), 'GN');
    await user.click(within(region).getByRole('button', { name: 'Ajouter (Entrées en Espagne)' }));
    await user.type(within(region).getByLabelText('Date d’entrée'), '2022-09-03');
    await user.click(within(region).getByRole('button', { name: 'Envoyer au cabinet' }));

    expect(await toastText()).toBe('Questionnaire envoyé (version 1). Le cabinet va le vérifier.');
    const sent = requests.find((request) => request.method === 'POST');
    expect(sent?.url).toMatch(/\/api\/cases\/7\/questionnaire\/submit$/);
    expect(await sent?.json()).toEqual({
      answers: { personal: { name: 'Amina', birthDate: '1991-04-17', nationality: 'GN' }, entries: [{ entryDate: '2022-09-03' }] },
    });
  });
});
