import { describe, expect, it } from 'vitest';
import { plainText } from './plain-text.ts';

describe('plainText', () => {
  it('keeps the words of headings, lists, quotes and emphasis on one line', () => {
    const markdown = [
      '# Nuevo reglamento',
      '',
      'El **nuevo** reglamento de _extranjería_ entra en vigor.',
      '',
      '- Arraigo sociolaboral',
      '1. Arraigo familiar',
      '> Cita `literal`',
      '',
      '---',
    ].join('\n');
    expect(plainText(markdown)).toBe(
      'Nuevo reglamento El nuevo reglamento de extranjería entra en vigor. Arraigo sociolaboral Arraigo familiar Cita literal',
    );
  });

  it('keeps the text of links and images but not their addresses', () => {
    expect(plainText('Consulta el [BOE](https://www.boe.es) ![escudo](/escudo.png)')).toBe('Consulta el BOE escudo');
  });

  it('keeps underscores inside words', () => {
    expect(plainText('El campo snake_case sigue igual')).toBe('El campo snake_case sigue igual');
  });
});
