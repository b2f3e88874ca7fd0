/** The words of an order's address corrections. */
export const ADDRESSES_EN = {
  'address.correct': 'Correct address',
  'address.save': 'Save address',
  'address.cancel': 'Cancel',
  'address.saved': 'Address saved.',
  'address.company': 'Company',
  'address.firstName': 'First name',
  'address.lastName': 'Last name',
  'address.street': 'Street and number',
  'address.streetDetails': 'Address line 2',
  'address.zipCode': 'Postcode',
  'address.city': 'City',
  'address.country': 'Country (two letters, e.g. DE)',
  'address.emailAddress': 'Email address',
} as const;

export const ADDRESSES_DE: Partial<Record<keyof typeof ADDRESSES_EN, string>> = {
  'address.correct': 'Adresse korrigieren',
  'address.save': 'Adresse speichern',
  'address.cancel': 'Abbrechen',
  'address.saved': 'Adresse gespeichert.',
  'address.company': 'Firma',
  'address.firstName': 'Vorname',
  'address.lastName': 'Nachname',
  'address.street': 'Straße und Hausnummer',
  'address.streetDetails': 'Adresszusatz',
  'address.zipCode': 'Postleitzahl',
  'address.city': 'Ort',
  'address.country': 'Land (zwei Buchstaben, z. B. DE)',
  'address.emailAddress': 'E-Mail-Adresse',
};
