/**
 * The billing address of the demo shop's seeded customer anna-schmidt (C-1001, seed/demo.json): a
 * checkout with it finds her through her e-mail guard and creates no customer. Shared by the sample
 * events, the bench and the API tests.
 */
export const RETURNING_BUYER_BILLING = {
  firstName: 'Anna',
  lastName: 'Schmidt',
  street: 'Kaiser-Joseph-Straße 12',
  zipCode: '79098',
  city: 'Freiburg',
  country: 'DE',
  emailAddress: 'anna.schmidt@example.com',
};
