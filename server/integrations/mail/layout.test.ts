import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config/env.ts';
import { renderMail, typedText } from './layout.ts';

describe('typed text in a mail', () => {
  it('breaks whatever a mail program would turn into a link', () => {
    expect(typedText('Cuenta bloqueada. Verifique en https://evil.test/login')).toBe('Cuenta bloqueada. Verifique en https[:]//evil[.]test/login');
    expect(typedText('www.evil.test')).toBe('www[.]evil[.]test');
    expect(typedText('pague en EVIL.TEST')).toBe('pague en EVIL[.]TEST');
    expect(typedText('ana@evil。test')).toBe('ana@evil[.]test');
    expect(typedText('factura.zip')).toBe('factura[.]zip');
  });

  it('leaves names, numbers, full stops and document names as typed', () => {
    for (const value of ['María José Pérez-Núñez', 'J. R. Tolkien', '1.500 €', 'Hola. Gracias.', 'pasaporte.pdf', 'foto.JPEG', 'contrato.docx']) expect(typedText(value)).toBe(value);
  });

  it('is escaped again in the HTML part', () => {
    const { text, html } = renderMail({ greeting: 'Hola:', paragraphs: [typedText('<a href="https://evil.test">ver</a>')], signature: 'Un saludo' }, loadConfig({}).firm);
    expect(text).toContain('<a href="https[:]//evil[.]test">ver</a>');
    expect(html).toContain('&lt;a href=&quot;https[:]//evil[.]test&quot;&gt;ver&lt;/a&gt;');
  });

  it('writes the action and its link on lines of their own, with no punctuation that French spaces differently', () => {
    const { text } = renderMail(
      { greeting: 'Bonjour,', paragraphs: [], action: { label: 'Confirmer mon compte', url: 'https://exemple.test/confirmer' }, signature: 'L’équipe' },
      loadConfig({}).firm,
    );
    expect(text).toContain('\nConfirmer mon compte\nhttps://exemple.test/confirmer\n');
  });
});
