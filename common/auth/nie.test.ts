import { describe, expect, it } from 'vitest';
import { isValidNie } from './nie.ts';

describe('isValidNie', () => {
  it.each(['X1234567L', 'Y0000000Z', 'z7654321h', 'X0000000T'])('accepts %s', (nie) => {
    expect(isValidNie(nie)).toBe(true);
  });

  it.each(['X1234567A', '12345678Z', 'X123456L', 'W1234567L', 'X12345678L', ''])('refuses %s', (nie) => {
    expect(isValidNie(nie)).toBe(false);
  });
});
