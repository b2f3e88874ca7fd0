/**
 * EAN-8 and EAN-13 article numbers (docs/catalog.md "Product writes": `ean` has 8 or 13 digits
 * with a valid check digit). The last digit is the check digit: weights 3 and 1 alternate from the right, the
 * sum with the check digit is a multiple of 10.
 */

/** Whether the text is 8 or 13 digits whose last digit checks the others. */
export function isValidEan(text: string): boolean {
  if (!/^(\d{8}|\d{13})$/.test(text)) return false;
  let sum = 0;
  for (let i = text.length - 2, weight = 3; i >= 0; i--, weight = 4 - weight) sum += Number(text[i]) * weight;
  return (10 - (sum % 10)) % 10 === Number(text[text.length - 1]);
}

/** Why an EAN is refused, for the error entry. */
export const EAN_RULE = 'expected an EAN-8 or EAN-13 (8 or 13 digits) with a valid check digit';
