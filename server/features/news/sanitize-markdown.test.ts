import { describe, expect, it } from 'vitest';
import { sanitizeMarkdown } from './sanitize-markdown.ts';

describe('sanitizeMarkdown', () => {
  it('keeps ordinary Markdown', () => {
    const text = '# Título\n\nTexto con **negrita**, [enlace](https://example.com) y [correo](mailto:a@b.es).';
    expect(sanitizeMarkdown(text)).toBe(text);
  });

  it('turns raw HTML into text', () => {
    expect(sanitizeMarkdown('Hola <script>alert(1)</script><img src=x onerror=alert(1)>')).toBe(
      'Hola &lt;script>alert(1)&lt;/script>&lt;img src=x onerror=alert(1)>',
    );
  });

  it('neutralises links with other schemes', () => {
    expect(sanitizeMarkdown('[clic](javascript:alert(1)) [x]( data:text/html,hi)')).toBe('[clic](#)) [x](#)');
  });
});
