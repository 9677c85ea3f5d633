import { describe, expect, it } from 'vitest';
import { textBlocks } from './plain-text-blocks.ts';

describe('textBlocks', () => {
  it('makes paragraphs of the lines between blank lines, and lists of the lines starting with a dash', () => {
    expect(textBlocks('Para quién.\nSegunda línea.\n\nRequisitos:\n- 2 años\n-  sin antecedentes\n\nFin.')).toEqual([
      { kind: 'paragraph', text: 'Para quién. Segunda línea.' },
      { kind: 'paragraph', text: 'Requisitos:' },
      { kind: 'list', items: ['2 años', 'sin antecedentes'] },
      { kind: 'paragraph', text: 'Fin.' },
    ]);
  });

  it('gives nothing for a blank text, and keeps a dash inside a line as text', () => {
    expect(textBlocks('  \n\n')).toEqual([]);
    expect(textBlocks('NIE - TIE')).toEqual([{ kind: 'paragraph', text: 'NIE - TIE' }]);
  });
});
