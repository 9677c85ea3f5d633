const checkLetters = 'TRWAGMYFPDXBNJZSQVHLCKE';
const niePattern = /^([XYZ])(\d{7})([A-Z])$/;

/** A Spanish foreigner identity number (NIE): X, Y or Z, seven digits and its check letter. */
export function isValidNie(value: string): boolean {
  const match = niePattern.exec(value.toUpperCase());
  if (!match) return false;
  const [, prefix = '', digits = '', letter] = match;
  const number = Number(`${'XYZ'.indexOf(prefix)}${digits}`);
  return checkLetters[number % 23] === letter;
}
