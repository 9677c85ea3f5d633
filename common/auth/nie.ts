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

const dniPattern = /^(\d{8})([A-Z])$/;

/** A Spanish citizen's tax number (NIF of a DNI): eight digits and the same check letter as a NIE. */
export function isValidNif(value: string): boolean {
  const match = dniPattern.exec(value.toUpperCase());
  return Boolean(match) && checkLetters[Number(match?.[1]) % 23] === match?.[2];
}
