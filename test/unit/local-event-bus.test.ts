import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eventLine } from '../../infra/local/events/event-line';
import { type LocalBusEvent, LocalEventBus } from '../../infra/local/events/local-event-bus';
import { twinEventSettings } from '../../infra/local/events/twin-events';
import type { BusEntry } from '../../lib/domain/domain-events';

const entry = (type: string, detail: Record<string, unknown>): BusEntry => ({
  Source: 'shop-api.local',
  DetailType: type,
  Detail: JSON.stringify(detail),
  EventBusName: 'local',
  Time: new Date('2026-11-25T21:04:07.000Z'),
});
const cart = (cartId: string) => entry('cart.created', { shopId: 'demo', cartId, currency: 'EUR' });
const isCart = (cartId: string) => (e: LocalBusEvent) => e.detail.cartId === cartId;

describe('local event bus', () => {
  it('takes every entry, keeps the latest ones, and prints and appends each as it arrives', async () => {
    // Prepare
    const folder = mkdtempSync(join(tmpdir(), 'bus-test-'));
    const file = join(folder, 'events.jsonl');
    const printed: string[] = [];
    const bus = new LocalEventBus({ keep: 2, file, print: (e) => printed.push(eventLine(e)) });

    // Act
    const out = await bus.send({ Entries: [cart('c1'), cart('c2'), cart('c3')] });

    // Assess
    expect(out.FailedEntryCount).toBe(0);
    expect(out.Entries).toHaveLength(3);
    expect(bus.events().map((e) => e.detail.cartId)).toEqual(['c2', 'c3']);
    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((e) => e.detail.cartId)).toEqual(['c1', 'c2', 'c3']);
    expect(lines[0]).toMatchObject({ source: 'shop-api.local', detailType: 'cart.created', bus: 'local' });
    expect(printed[0]).toBe('event 21:04:07 demo cart.created: cart c1 (EUR)');
    rmSync(folder, { recursive: true, force: true });
  });

  it('lets a test wait for events that came already or come later, and says what came when they do not', async () => {
    // Prepare
    const bus = new LocalEventBus();
    await bus.send({ Entries: [cart('early')] });

    // Act
    const early = await bus.waitForEvents(isCart('early'), 100);
    const later = bus.waitForEvents((e) => e.detailType === 'cart.created', 1000, 3);
    await bus.send({ Entries: [cart('a'), cart('b'), cart('c')] });
    const never = bus.waitForEvents(isCart('never'), 20);

    // Assess
    expect(early.map((e) => e.detail.cartId)).toEqual(['early']);
    expect((await later).map((e) => e.detail.cartId)).toEqual(['early', 'a', 'b']);
    await expect(never).rejects.toThrow(
      /waited 20 ms for 1 matching event\(s\), got 0; latest on the bus: cart\.created/,
    );
  });

  it('prints one short line per stock event, and a cut line for a type it has no words for', () => {
    // Prepare
    const at = (type: string, detail: Record<string, unknown>): LocalBusEvent => ({
      id: '1',
      source: 's',
      bus: 'b',
      time: '2026-11-25T21:04:07.000Z',
      detailType: type,
      detail: { shopId: 'demo', ...detail },
    });

    // Act
    const lines = [
      at('ProductStockChanged', {
        productId: 'p',
        oldStocklevel: 3,
        stocklevel: 0,
        reason: 'order',
        orderId: 'o1',
      }),
      at('ProductSoldOut', { productId: 'p', stocklevel: 0 }),
      at('something.new', { text: 'x'.repeat(300) }),
    ].map(eventLine);

    // Assess
    expect(lines[0]).toBe('event 21:04:07 demo ProductStockChanged: p 3 → 0 (order o1)');
    expect(lines[1]).toBe('event 21:04:07 demo ProductSoldOut: p 0');
    expect(lines[2]).toMatch(/^event 21:04:07 demo something\.new: \{"text":"x+…$/);
    expect(lines[2]?.length).toBe(160);
  });
});

describe('twin event settings', () => {
  it('runs the stream every 250 ms by default, takes an off-switch and a file, and names a bad value', () => {
    // Act
    const defaults = twinEventSettings({});
    const set = twinEventSettings({
      LOCAL_STREAM: 'off',
      STREAM_POLL_MS: '1000',
      LOCAL_EVENTS_FILE: 'e.jsonl',
    });
    const bad = () => twinEventSettings({ STREAM_POLL_MS: '5' });

    // Assess
    expect(defaults).toEqual({ LOCAL_STREAM: 'on', STREAM_POLL_MS: 250 });
    expect(set).toEqual({ LOCAL_STREAM: 'off', STREAM_POLL_MS: 1000, LOCAL_EVENTS_FILE: 'e.jsonl' });
    expect(bad).toThrow(/Invalid twin setting: STREAM_POLL_MS/);
  });
});
