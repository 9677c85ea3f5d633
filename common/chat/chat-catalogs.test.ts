import { describe, expect, it } from 'vitest';
import en from '#common/i18n/locales/en/chat.json';
import es from '#common/i18n/locales/es/chat.json';
import fr from '#common/i18n/locales/fr/chat.json';

function keys(catalog: object, prefix = ''): string[] {
  return Object.entries(catalog).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('the chat catalogs', () => {
  it('have the same keys in es, en and fr', () => {
    expect(keys(en).sort()).toEqual(keys(es).sort());
    expect(keys(fr).sort()).toEqual(keys(es).sort());
  });

  it('use the Spanish texts of docs/product/messages.md', () => {
    expect(es.failure.title).toBe('Error al enviar mensaje');
    expect(es.success.title).toBe('Mensaje enviado');
    expect(es.form.defaultName).toBe('Usuario');
  });
});
