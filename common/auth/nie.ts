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

const cifPattern = /^([ABCDEFGHJNPQRSUVW])(\d{7})([0-9A-J])$/;

/**
 * A Spanish company's tax number (CIF): its letter, seven digits and a control that is a digit or a
 * letter (only a letter for public bodies and foreign entities, only a digit for companies).
 */
export function isValidCif(value: string): boolean {
  const match = cifPattern.exec(value);
  if (!match) return false;
  const [, kind = '', digits = '', control = ''] = match;
  const sum = [...digits].reduce((total, char, index) => {
    const digit = Number(char);
    if (index % 2 === 1) return total + digit;
    const doubled = digit * 2;
    return total + Math.floor(doubled / 10) + (doubled % 10);
  }, 0);
  const checkDigit = (10 - (sum % 10)) % 10;
  const checkLetter = 'JABCDEFGHI'[checkDigit];
  if ('PQRSNW'.includes(kind)) return control === checkLetter;
  if ('ABEH'.includes(kind)) return control === String(checkDigit);
  return control === String(checkDigit) || control === checkLetter;
}
