import { useState } from 'preact/hooks';
import type { Order } from '../api/client';
import { Link, LoadError, Loading, ScreenTitle } from '../components';
import { useConsole } from '../context';
import { dateTime, type MessageKey, money, t } from '../i18n';
import { DATE_FILTERS, FLAG_FILTERS, ordersQuery, TEXT_FILTERS } from '../orders/query';
import { statusLabels } from '../orders/status';
import { navigate, useLocation } from '../router';
import { apiFailure, useLoad } from '../use-load';

/** The orders index: every filter of `GET /orders` in a form (kept in the URL), and paging. */
export function OrdersIndex() {
  const { api, session } = useConsole();
  const { query: search } = useLocation();
  const query = ordersQuery(search);
  const loaded = useLoad(`orders:${session.shop}:${search}`, async () => {
    const { data, error, response } = await api.GET('/{shopId}/orders', {
      params: { path: { shopId: session.shop }, query },
    });
    if (!data) throw apiFailure(error, response);
    return data;
  });
  const next = loaded.data?.links.find((l) => l.rel === 'next');
  const page = loaded.data?.page ?? 1;
  const goTo = (changes: Record<string, string | null>) => {
    const params = new URLSearchParams(search);
    for (const [k, v] of Object.entries(changes)) v === null ? params.delete(k) : params.set(k, v);
    navigate(`orders?${params}`);
  };
  return (
    <>
      <ScreenTitle>{t('orders.title')}</ScreenTitle>
      <Filters search={search} />
      {loaded.error ? (
        <LoadError reason={loaded.error} retry={loaded.reload} />
      ) : !loaded.data ? (
        <Loading />
      ) : (
        <section aria-labelledby="results-title">
          <h2 id="results-title" class="results-title">
            {loaded.data.results === 1
              ? t('orders.count.one')
              : t('orders.count', { count: loaded.data.results })}{' '}
            · {t('orders.page', { page })}
          </h2>
          {loaded.data.items.length === 0 ? (
            <p>{t('orders.none')}</p>
          ) : (
            <OrderTable orders={loaded.data.items} />
          )}
          <nav class="pager" aria-label={t('orders.page', { page })}>
            <button
              type="button"
              disabled={page <= 1}
              onClick={() => goTo({ cursor: null, page: String(page - 1) })}
            >
              {t('orders.previous')}
            </button>
            <button
              type="button"
              disabled={!next}
              onClick={() =>
                next && goTo({ page: null, cursor: new URL(next.href).searchParams.get('cursor') })
              }
            >
              {t('orders.next')}
            </button>
          </nav>
        </section>
      )}
    </>
  );
}

function Filters({ search }: { search: URLSearchParams }) {
  const [open, setOpen] = useState(() => [...search.keys()].some((k) => k !== 'cursor' && k !== 'page'));
  const submit = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const params = new URLSearchParams();
    for (const [name, value] of form)
      if (typeof value === 'string' && value.trim()) params.set(name, value.trim());
    navigate(`orders?${params}`);
  };
  return (
    <details
      class="filters"
      open={open}
      onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}
    >
      <summary>{t('orders.filters')}</summary>
      <form onSubmit={submit} key={search.toString()}>
        <div class="filter-grid">
          {FLAG_FILTERS.map((flag) => (
            <div key={flag} class="field">
              <label for={`filter-${flag}`}>{t(`status.${flag}` as MessageKey)}</label>
              <select id={`filter-${flag}`} name={flag} value={search.get(flag) ?? ''}>
                <option value="">{t('orders.any')}</option>
                <option value="true">{t('orders.set')}</option>
                <option value="false">{t('orders.unset')}</option>
              </select>
            </div>
          ))}
          {TEXT_FILTERS.map((name) => (
            <div key={name} class="field">
              <label for={`filter-${name}`}>{t(`orders.${name}`)}</label>
              <input
                id={`filter-${name}`}
                name={name}
                value={search.get(name) ?? ''}
                {...(name === 'currency' ? { maxLength: 3 } : {})}
              />
            </div>
          ))}
          {DATE_FILTERS.map((name) => (
            <div key={name} class="field">
              <label for={`filter-${name}`}>{t(`orders.${name}`)}</label>
              <input id={`filter-${name}`} type="date" name={name} value={search.get(name) ?? ''} />
            </div>
          ))}
          <label class="check">
            <input
              type="checkbox"
              name="lastUpdated"
              value="true"
              checked={search.get('lastUpdated') === 'true'}
            />
            <span>{t('orders.lastUpdated')}</span>
          </label>
        </div>
        <div class="buttons">
          <button type="submit" class="primary">
            {t('orders.apply')}
          </button>
          <button type="button" onClick={() => navigate('orders')}>
            {t('orders.reset')}
          </button>
        </div>
      </form>
    </details>
  );
}

function OrderTable({ orders }: { orders: Order[] }) {
  return (
    <div class="table-wrap">
      <table class="orders">
        <thead>
          <tr>
            <th scope="col">{t('orders.number')}</th>
            <th scope="col">{t('orders.date')}</th>
            <th scope="col">{t('orders.customer')}</th>
            <th scope="col" class="num">
              {t('orders.total')}
            </th>
            <th scope="col">{t('orders.status')}</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.orderId}>
              <td>
                <Link to={`orders/${encodeURIComponent(order.orderId)}`}>#{order.orderNumber}</Link>
              </td>
              <td>{dateTime(order.creationDate)}</td>
              <td>
                {[order.billingAddress.firstName, order.billingAddress.lastName].filter(Boolean).join(' ')}
              </td>
              <td class="num">{money(order.grandTotal, order.currencyId)}</td>
              <td>
                {statusLabels(order).map((label) => (
                  <span key={label} class={`badge status-${label}`}>
                    {t(`status.${label}`)}
                  </span>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
