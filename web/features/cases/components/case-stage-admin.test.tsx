/** @vitest-environment happy-dom */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminCaseDetail } from '#common/cases/cases.contract.ts';
import { renderPage, toastText } from '#web/test/render.tsx';
import { CaseFilingAdmin, CaseStageAdmin } from './case-stage-admin.tsx';

// The forms read the case's id, its stage and history, and its filing data.
const detail = { id: 7, stage: 'initial_study', history: [], filing: { fileNumber: null, filedOn: null, office: null } } as unknown as AdminCaseDetail;

describe('the case’s stage', () => {
  it('refuses a note past its length, and sends nothing', async () => {
    const { requests, user } = await renderPage(<CaseStageAdmin detail={detail} />, { role: 'owner' });
    await user.click(screen.getByLabelText(/Nota para el cliente/));
    await user.paste('x'.repeat(3000));
    await user.click(screen.getByRole('button', { name: 'Mover de fase' }));
    expect(await screen.findByText('El texto es demasiado largo.')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('tells a refused move with the server’s reason', async () => {
    const { user } = await renderPage(<CaseStageAdmin detail={detail} />, {
      role: 'owner',
      answer: () => ({ status: 409, body: { code: 'conflict', message: 'La operación no se puede completar en el estado actual.' } }),
    });
    await user.click(screen.getByRole('button', { name: 'Mover de fase' }));
    expect(await toastText()).toBe('Error al actualizar — La operación no se puede completar en el estado actual.');
  });
});

describe('the case’s filing data', () => {
  it('tells a failure of the server with its title alone', async () => {
    const { user } = await renderPage(<CaseFilingAdmin detail={detail} />, {
      role: 'owner',
      answer: () => ({ status: 500, body: { code: 'internal', message: 'Algo ha fallado. Por favor, inténtalo de nuevo más tarde.' } }),
    });
    await user.type(screen.getByLabelText(/Número de expediente/), '03-2026-000123');
    await user.click(screen.getByRole('button', { name: 'Guardar datos de presentación' }));
    expect(await toastText()).toBe('Error al actualizar');
  });
});

describe('what a role that may only read the case sees', () => {
  it('shows accounting the stage, history and filing data without the forms that change them', async () => {
    await renderPage(
      <>
        <CaseStageAdmin detail={detail} />
        <CaseFilingAdmin detail={detail} />
      </>,
      { role: 'accounting' },
    );
    expect(await screen.findByText(/Fase actual/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mover de fase' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Guardar datos de presentación' })).toBeNull();
    expect(screen.getByLabelText(/Número de expediente/).closest('fieldset')?.disabled).toBe(true);
  });
});
