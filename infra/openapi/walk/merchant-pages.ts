import { ADDRESS, field, type Step } from './steps';

/**
 * Customers, the legal texts and script tags: a customer created, read and patched; the contact
 * information and a legal page written back as read; a script tag created, listed and deleted.
 */
export async function walkCustomersAndPages(step: Step): Promise<void> {
  await step('listCustomers', 200, 'GET', '/customers?resultsPerPage=1');
  const customer = await step('createCustomer', 201, 'POST', '/customers', { billingAddress: ADDRESS });
  const customerId = field(customer, 'customerId');
  await step('getCustomer', 200, 'GET', `/customers/${customerId}`);
  await step('patchCustomer', 200, 'PATCH', `/customers/${customerId}`, [
    { op: 'replace', path: '/internalNote', value: 'Prefers invoices' },
  ]);
  const legal = await step('getContactInformation', 200, 'GET', '/legal/contact-information');
  await step('updateContactInformation', 200, 'PUT', '/legal/contact-information?locale=en_GB', legal.body);
  await step('getLegal', 200, 'GET', '/legal?locale=en_GB');
  const privacy = await step('getLegalPage', 200, 'GET', '/legal/privacy-policy?locale=en_GB');
  await step('updateLegalPage', 200, 'PUT', '/legal/privacy-policy?locale=en_GB', privacy.body);
  const tag = await step('createScriptTag', 201, 'POST', '/script-tags', {
    scriptUrl: 'https://cdn.example.com/reviews/widget.js',
  });
  await step('listScriptTags', 200, 'GET', '/script-tags');
  await step('deleteScriptTag', 204, 'DELETE', `/script-tags/${field(tag, 'scriptTagId')}`);
}
