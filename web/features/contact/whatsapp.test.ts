import { describe, expect, it } from 'vitest';
import { whatsappLink } from './whatsapp.ts';

describe('whatsappLink', () => {
  it('keeps only the digits of the number', () => {
    expect(whatsappLink('+34 600 000 000')).toBe('https://wa.me/34600000000');
    expect(whatsappLink('+34600000000')).toBe('https://wa.me/34600000000');
  });
});
