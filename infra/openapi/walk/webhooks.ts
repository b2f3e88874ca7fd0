import { field, type Step } from './steps';

/** A webhook created, listed, read, patched, pinged, its deliveries listed, deleted. */
export async function walkWebhooks(step: Step): Promise<void> {
  const hook = await step('createWebhook', 201, 'POST', '/webhooks', {
    callbackUrl: 'https://erp.example.com/hooks/shop',
    eventTypes: ['ORDER_CREATE', 'STOCK_OUT'],
  });
  const hookPath = `/webhooks/${field(hook, 'webhookId')}`;
  await step('listWebhooks', 200, 'GET', '/webhooks');
  await step('getWebhook', 200, 'GET', hookPath);
  await step('patchWebhook', 200, 'PATCH', hookPath, [
    { op: 'add', path: '/eventTypes', value: ['ORDER_CREATE'] },
  ]);
  // 200 whatever the receiver did: the answer is the attempt's record. Without network (the twin
  // recording the examples) it shows how a failed attempt reads.
  await step('testWebhook', 200, 'POST', `${hookPath}/test`);
  await step('listWebhookDeliveries', 200, 'GET', `${hookPath}/deliveries`);
  await step('deleteWebhook', 204, 'DELETE', hookPath);
}
