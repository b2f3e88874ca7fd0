import { useEffect, useRef, useState } from 'preact/hooks';
import type { ApiError, Order } from '../api/client';
import { hasScope } from '../auth/scopes';
import { Link, LoadError, Loading, ScreenTitle } from '../components';
import { useConsole } from '../context';
import { dateTime, type MessageKey, money, t } from '../i18n';
import { refusalText } from '../orders/refusal';
import { availableActions, type OrderAction, statusLabels, timeline } from '../orders/status';
import { apiFailure, useLoad } from '../use-load';
import { AddressPanel } from './order-address';
import { OrderDocuments } from './order-documents';

/** What the last action did, said in words above the order. */
type Outcome = { kind: 'done' | 'refused'; text: string };

/**
 * One order: what was bought, the money, where it goes, its status, its actions (a rejection asks
 * once more: it cancels the order) and the internal note.
 */
export function OrderDetails({ orderId }: { orderId: string }) {
  const { api, session } = useConsole();
  const [outcome, setOutcome] = useState<Outcome | undefined>();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // The clicked button may be gone after the reload: the keyboard continues at the outcome instead.
  const outcomeSlot = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome) outcomeSlot.current?.focus();
  }, [outcome]);
  const loaded = useLoad(`order:${session.shop}:${orderId}`, async () => {
    const { data, error, response } = await api.GET('/{shopId}/orders/{orderId}', {
      params: { path: { shopId: session.shop, orderId } },
    });
    if (!data) throw apiFailure(error, response);
    return { order: data, etag: response.headers.get('etag') ?? undefined };
  });
  // The buttons stay off until the reloaded order is in: no second click on the old state.
  useEffect(() => setBusy(false), [loaded.data]);
  const canWrite = hasScope(session.scopes, 'orders_write');

  /** One JSON Patch on the order at the version shown (If-Match); then the order as it is now. */
  const patch = async (operation: { op: string; path: string; value?: unknown }, done: MessageKey) => {
    if (!loaded.data) return false;
    setBusy(true);
    setConfirming(false);
    setOutcome(undefined);
    const { etag } = loaded.data;
    const { data, error, response } = await api.PATCH('/{shopId}/orders/{orderId}', {
      params: { path: { shopId: session.shop, orderId }, header: etag ? { 'If-Match': etag } : {} },
      body: [operation],
    });
    setOutcome(
      data
        ? { kind: 'done', text: t(done) }
        : { kind: 'refused', text: refusalText(response.status, error as ApiError | undefined, t) },
    );
    // Either way the screen shows the order as it is now.
    loaded.reload();
    return data !== undefined;
  };
  const act = (action: OrderAction) =>
    patch({ op: 'add', path: `/${action}`, value: 'now' }, `order.done.${action}`);
  const saveAddress =
    (which: 'billingAddress' | 'shippingAddress') => (changes: Record<string, string | null>) =>
      patch({ op: 'add', path: `/${which}`, value: changes }, 'address.saved');
  const saveNote = (note: string) =>
    patch(
      note.trim() === ''
        ? { op: 'remove', path: '/internalNote' }
        : { op: 'add', path: '/internalNote', value: note.trim() },
      'order.noteSaved',
    );

  if (loaded.error && !loaded.data) return <LoadError reason={loaded.error} retry={loaded.reload} />;
  if (!loaded.data) return <Loading />;
  const { order } = loaded.data;
  const actions = availableActions(order);
  return (
    <>
      <p>
        <Link to="orders">← {t('order.back')}</Link>
      </p>
      <ScreenTitle>{t('order.title', { number: order.orderNumber })}</ScreenTitle>
      <p class="status-line">
        {statusLabels(order).map((label) => (
          <span key={label} class={`badge status-${label}`}>
            {t(`status.${label}`)}
          </span>
        ))}{' '}
        <span class="muted">{dateTime(order.creationDate)}</span>
      </p>
      <div role="status" aria-live="polite" class="outcome-slot" tabIndex={-1} ref={outcomeSlot}>
        {outcome ? <p class={`notice ${outcome.kind === 'done' ? 'ok' : 'error'}`}>{outcome.text}</p> : null}
      </div>
      <section aria-labelledby="actions-title" class="panel">
        <h2 id="actions-title">{t('order.actions')}</h2>
        {!canWrite ? (
          <p>{t('order.readOnly')}</p>
        ) : (
          <>
            <div class="buttons">
              {actions.length === 0 ? <p>{t('order.noActions')}</p> : null}
              {actions.map((action) => (
                <button
                  key={action}
                  type="button"
                  class={action === 'rejectedOn' ? 'danger' : 'primary'}
                  disabled={busy || confirming}
                  onClick={() => (action === 'rejectedOn' ? setConfirming(true) : act(action))}
                >
                  {t(`order.action.${action}`)}
                </button>
              ))}
            </div>
            {confirming ? (
              <div class="notice confirm" role="alertdialog" aria-labelledby="reject-question">
                <p id="reject-question">{t('order.rejectQuestion')}</p>
                <div class="buttons">
                  <button type="button" class="danger" disabled={busy} onClick={() => act('rejectedOn')}>
                    {t('order.rejectConfirm')}
                  </button>
                  <button type="button" onClick={() => setConfirming(false)}>
                    {t('order.rejectCancel')}
                  </button>
                </div>
              </div>
            ) : null}
          </>
        )}
      </section>
      <Lines order={order} />
      <OrderDocuments
        order={order}
        version={loaded.data.etag ?? ''}
        canWrite={canWrite}
        changed={loaded.reload}
      />
      <div class="two-columns">
        <AddressPanel
          which="billingAddress"
          title={t('order.billing')}
          address={order.billingAddress}
          emptyText=""
          canWrite={canWrite}
          busy={busy}
          save={saveAddress('billingAddress')}
        />
        <AddressPanel
          which="shippingAddress"
          title={t('order.shippingAddress')}
          address={order.shippingAddress}
          emptyText={t('order.sameAsBilling')}
          canWrite={canWrite}
          busy={busy}
          save={saveAddress('shippingAddress')}
        />
      </div>
      <Timeline order={order} />
      {order.customerComment ? (
        <section class="panel" aria-labelledby="comment-title">
          <h2 id="comment-title">{t('order.comment')}</h2>
          <p>{order.customerComment}</p>
        </section>
      ) : null}
      {canWrite ? (
        <NoteForm note={order.internalNote ?? ''} busy={busy} save={saveNote} />
      ) : order.internalNote ? (
        <section class="panel" aria-labelledby="note-title">
          <h2 id="note-title">{t('order.note')}</h2>
          <p>{order.internalNote}</p>
        </section>
      ) : null}
    </>
  );
}

function Lines({ order }: { order: Order }) {
  const c = order.lineItemContainer;
  const currency = order.currencyId;
  return (
    <section aria-labelledby="lines-title" class="panel">
      <h2 id="lines-title">{t('order.lines')}</h2>
      <div class="table-wrap">
        <table class="lines">
          <thead>
            <tr>
              <th scope="col">{t('order.product')}</th>
              <th scope="col" class="num">
                {t('order.quantity')}
              </th>
              <th scope="col" class="num">
                {t('order.price')}
              </th>
              <th scope="col" class="num">
                {t('order.lineTotal')}
              </th>
            </tr>
          </thead>
          <tbody>
            {c.productLineItems.map((line) => (
              <tr key={line.lineItemId}>
                <td>
                  {line.name}
                  <span class="muted"> · {line.sku}</span>
                </td>
                <td class="num">{line.quantity.amount}</td>
                <td class="num">{money(line.singleItemPrice.amount, currency)}</td>
                <td class="num">{money(line.lineItemPrice.amount, currency)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <Total label="order.subtotal" amount={c.lineItemsSubTotal.amount} currency={currency} />
            <Total label="order.shipping" amount={c.shippingPrice.amount} currency={currency} />
            <Total label="order.tax" amount={order.totalTax} currency={currency} />
            <Total label="order.grandTotal" amount={order.grandTotal} currency={currency} strong />
          </tfoot>
        </table>
      </div>
    </section>
  );
}

function Total(props: { label: MessageKey; amount: number | string; currency: string; strong?: boolean }) {
  return (
    <tr class={props.strong ? 'grand' : undefined}>
      <th scope="row" colSpan={3}>
        {t(props.label)}
      </th>
      <td class="num">{money(props.amount, props.currency)}</td>
    </tr>
  );
}

function Timeline({ order }: { order: Order }) {
  const steps = timeline(order);
  return (
    <section aria-labelledby="timeline-title" class="panel">
      <h2 id="timeline-title">{t('order.timeline')}</h2>
      <ol class="timeline">
        <li>
          <span>{t('status.new')}</span>{' '}
          <time dateTime={order.creationDate}>{dateTime(order.creationDate)}</time>
        </li>
        {steps.map(({ step, at }) => (
          <li key={step}>
            <span>{t(`status.${step}`)}</span> <time dateTime={at}>{dateTime(at)}</time>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The internal note, edited in place (saved empty: removed). */
function NoteForm({ note, busy, save }: { note: string; busy: boolean; save: (note: string) => void }) {
  const [text, setText] = useState(note);
  useEffect(() => setText(note), [note]);
  return (
    <section class="panel" aria-labelledby="note-title">
      <h2 id="note-title">{t('order.note')}</h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save(text);
        }}
      >
        <div class="field">
          <label for="internal-note">{t('order.noteLabel')}</label>
          <textarea
            id="internal-note"
            rows={3}
            value={text}
            onInput={(e) => setText(e.currentTarget.value)}
          />
        </div>
        <div class="buttons">
          <button type="submit" disabled={busy || text === note}>
            {t('order.noteSave')}
          </button>
        </div>
      </form>
    </section>
  );
}
