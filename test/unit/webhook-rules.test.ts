import { createHmac, timingSafeEqual } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isBlockedAddress } from '../../lib/domain/webhooks/blocked-addresses';
import { parseCallbackUrl } from '../../lib/domain/webhooks/callback-url';
import { MAX_ATTEMPTS, retryDelayMs } from '../../lib/domain/webhooks/retry-schedule';
import { signDelivery } from '../../lib/domain/webhooks/signature';
import { webhookEventId } from '../../lib/domain/webhooks/webhook-event';

/** The receiver's check as docs/webhooks.md "Verifying a delivery" prints it. */
function verified(secret: string, timestamp: string, raw: Buffer, signature: string): boolean {
  const mac = createHmac('sha256', secret).update(`${timestamp}.`).update(raw).digest();
  const sent = Buffer.from(signature, 'base64');
  const fresh = Math.abs(Date.now() / 1000 - Number(timestamp)) <= 300;
  return fresh && sent.length === mac.length && timingSafeEqual(sent, mac);
}

describe('blocked callback addresses', () => {
  it.each([
    '0.0.0.0',
    '10.0.0.1',
    '100.64.0.1',
    '127.0.0.1',
    '127.1.2.3',
    '169.254.169.254',
    '172.16.5.4',
    '172.31.255.255',
    '192.0.0.8',
    '192.0.2.1',
    '192.168.0.1',
    '198.18.0.1',
    '224.0.0.251',
    '240.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '[::1]',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '2001:db8::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::a9fe:a9fe',
    '2002:c0a8:0101::1',
    // Every IPv6 form that carries an IPv4 address, whatever it carries; ranges not globally routable.
    '::ffff:8.8.8.8',
    '::ffff:0:7f00:1',
    '::ffff:0:808:808',
    '::8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
    '2001:0:4136:e378::1',
    '2001:2::1',
    '5f00::1',
    '3fff::1',
    '3fff:fff::1',
    'not-an-address',
  ])('blocks %s', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each([
    '8.8.8.8',
    '93.184.216.34',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '3fff:1000::1',
    '2a00:1450:4001:80b::200e',
  ])('lets %s through', (address) => {
    expect(isBlockedAddress(address)).toBe(false);
  });
});

describe('callback URL rules', () => {
  const strict = { allowLocal: false };

  it('takes an https URL apart for sending, the default port 443', () => {
    expect(parseCallbackUrl('https://erp.example.com/hooks?x=1', strict)).toMatchObject({
      host: 'erp.example.com',
      port: 443,
      local: false,
    });
  });

  it('accepts http://127.0.0.1:<port> only with the twin switch, and only with a port', () => {
    expect(parseCallbackUrl('http://127.0.0.1:9000/h', strict)).toEqual({ problem: 'must be an https URL' });
    expect(parseCallbackUrl('http://127.0.0.1:9000/h', { allowLocal: true })).toMatchObject({
      local: true,
      port: 9000,
    });
    expect(parseCallbackUrl('http://127.0.0.1/h', { allowLocal: true })).toEqual({
      problem: 'must be an https URL',
    });
    expect(parseCallbackUrl('http://localhost:9000/h', { allowLocal: true })).toEqual({
      problem: 'must be an https URL',
    });
  });

  it('takes ports 443 and 8443 only', () => {
    expect(parseCallbackUrl('https://erp.example.com:8443/h', strict)).toMatchObject({ port: 8443 });
    expect(parseCallbackUrl('https://erp.example.com:443/h', strict)).toMatchObject({ port: 443 });
    for (const port of [22, 80, 6379, 8080, 9200])
      expect(parseCallbackUrl(`https://erp.example.com:${port}/h`, strict)).toEqual({
        problem: 'must use port 443 or 8443',
      });
  });

  it.each([
    'https://localhost/h',
    'https://printer.local/h',
    'https://metadata.google.internal/',
    'https://intranet/h',
  ])('refuses the local name in %s', (url) => {
    expect(parseCallbackUrl(url, strict)).toHaveProperty('problem');
  });
});

describe('signature and schedule', () => {
  it('signs so that the receiver check of the spec accepts it, and refuses a changed body', () => {
    // Prepare
    const secret = 'q3Vx0b2pZk-secret-text';
    const timestamp = Math.floor(Date.now() / 1000);
    const body = '{"id":"evt_1","eventType":"PING","entity":{}}';

    // Act
    const signature = signDelivery(secret, timestamp, body);

    // Assert
    expect(verified(secret, String(timestamp), Buffer.from(body), signature)).toBe(true);
    expect(verified(secret, String(timestamp), Buffer.from(`${body} `), signature)).toBe(false);
    expect(verified('another', String(timestamp), Buffer.from(body), signature)).toBe(false);
  });

  it('retries 11 times over about two days, scaled for the twin', () => {
    const delays = Array.from({ length: MAX_ATTEMPTS }, (_, i) => retryDelayMs(i + 1));
    expect(delays.slice(0, 3)).toEqual([60_000, 180_000, 300_000]);
    expect(delays.at(-1)).toBeUndefined();
    expect(delays.slice(0, -1).reduce((sum, d) => (sum ?? 0) + (d ?? 0), 0)).toBe(173_040_000);
    expect(retryDelayMs(1, 0.001)).toBe(60);
  });

  it('gives one event the same id however often the bus carries it, another event another id', () => {
    const event = {
      detailType: 'OrderUpdated',
      time: '2026-11-26T03:00:00.000Z',
      detail: { shopId: 'demo', orderId: 'o1' },
    };
    expect(webhookEventId(event)).toBe(webhookEventId({ ...event, detail: { ...event.detail } }));
    expect(webhookEventId(event)).not.toBe(webhookEventId({ ...event, time: '2026-11-26T03:00:01.000Z' }));
  });
});
