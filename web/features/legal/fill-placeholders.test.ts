import { describe, expect, it } from 'vitest';
import { defaultFirm, type Firm } from '#common/firm.ts';
import { fillPlaceholders } from './fill-placeholders.ts';

const firm: Firm = {
  ...defaultFirm,
  brandName: 'Asesoría Elche',
  legalName: 'Asesoría Elche SL',
  taxId: 'B12345678',
  barRegistration: 'ICAEl 1234',
  address: 'Calle Mayor 1, Elche',
  phone: '+34 600 000 000',
  email: 'info@example.com',
  web: 'https://www.example.com',
};

describe('fillPlaceholders', () => {
  it('replaces every placeholder of the firm, each time it appears', () => {
    const template =
      '{{legalName}} ({{brandName}}), NIF {{taxId}}, {{address}}, {{email}}, {{phone}}, {{web}}, {{barRegistration}}. {{brandName}}';
    expect(fillPlaceholders(template, firm, 'no aplica')).toBe(
      'Asesoría Elche SL (Asesoría Elche), NIF B12345678, Calle Mayor 1, Elche, info@example.com, +34 600 000 000, https://www.example.com, ICAEl 1234. Asesoría Elche',
    );
  });

  it('says the bar registration does not apply when it is empty', () => {
    expect(fillPlaceholders('Colegiación: {{barRegistration}}.', { ...firm, barRegistration: ' ' }, 'no aplica')).toBe(
      'Colegiación: no aplica.',
    );
  });

  it('leaves unknown placeholders and the rest of the Markdown untouched', () => {
    expect(fillPlaceholders('## Titular\n\n- {{unknown}} **{{taxId}}**', firm, 'n/a')).toBe('## Titular\n\n- {{unknown}} **B12345678**');
  });

  it('escapes Markdown syntax inside the values', () => {
    expect(fillPlaceholders('{{legalName}}', { ...firm, legalName: 'Pérez_y_Asociados *SL* [Elche] <b>' }, 'n/a')).toBe(
      'Pérez\\_y\\_Asociados \\*SL\\* \\[Elche\\] \\<b\\>',
    );
  });
});
