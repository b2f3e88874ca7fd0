import type { ComponentChildren } from 'preact';
import type { Api, Order } from '../api/client';
import { hasScope } from '../auth/scopes';
import { Link, LoadError, LoadedList, Loading, ScreenTitle } from '../components';
import { useConsole } from '../context';
import { dateTime, money, shortDay, t } from '../i18n';
import { type CurrencySales, type CurrencyTotals, homeSales, salesQuery } from '../sales/days';
import { apiFailure, type Loaded, useLoad } from '../use-load';

/** Today's, 7 and 30 days' sales per currency, the orders waiting for the merchant, stock running out. */
export function Home() {
  const { api, session } = useConsole();
  return (
    <>
      <ScreenTitle>{t('home.title')}</ScreenTitle>
      <SalesPanel api={api} shop={session.shop} />
      <NeedsAction api={api} shop={session.shop} />
      <StockPanel api={api} shop={session.shop} />
      {/* The list needs products_write (it names customers' wishes): read-only staff do not see it. */}
      {hasScope(session.scopes, 'products_write') ? <Watched api={api} shop={session.shop} /> : null}
    </>
  );
}

/** The last 30 local days' sales, today, 7 and 30 days and the chart: one call (the API cuts the days). */
async function loadSales(api: Api, shop: string) {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const { data, error, response } = await api.GET('/{shopId}/sales', {
    params: { path: { shopId: shop }, query: salesQuery(new Date(), timeZone) },
  });
  if (!data) throw apiFailure(error, response);
  return homeSales(data);
}

function SalesPanel({ api, shop }: { api: Api; shop: string }) {
  const sales = useLoad(`sales:${shop}`, () => loadSales(api, shop));
  return (
    <section aria-labelledby="sales-title" class="panel">
      <h2 id="sales-title">{t('home.sales')}</h2>
      {sales.error ? (
        <LoadError reason={sales.error} retry={sales.reload} />
      ) : !sales.data ? (
        <Loading />
      ) : sales.data.totals.length === 0 ? (
        <p>{t('home.noSales')}</p>
      ) : (
        sales.data.totals.map((figures) => {
          const series = sales.data?.series.find((s) => s.currency === figures.currency);
          return (
            <div key={figures.currency} class="currency-sales" data-currency={figures.currency}>
              <Figures totals={figures} />
              {series && sales.data ? <DayChart sales={series} days={sales.data.days} /> : null}
            </div>
          );
        })
      )}
    </section>
  );
}

function Figures({ totals }: { totals: CurrencyTotals }) {
  const periods = [
    ['home.today', totals.today],
    ['home.week', totals.week],
    ['home.month', totals.month],
  ] as const;
  return (
    <dl class="figures">
      {periods.map(([label, figure]) => (
        <div key={label} class="figure">
          <dt>{t(label)}</dt>
          <dd>
            <span class="amount">{money(figure.gross, totals.currency)}</span>
            <span class="orders">
              {figure.orders === 1 ? t('home.orders.one') : t('home.orders', { count: figure.orders })}
            </span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Bars per day; the figures are in the list above, so the chart is one labelled image. */
/** A local date (`2026-11-28`) as a short day in the console's locale. */
const dayLabel = (day: string | undefined) => (day ? shortDay(new Date(`${day}T12:00:00`)) : '');

function DayChart({ sales, days }: { sales: CurrencySales; days: string[] }) {
  const max = Math.max(...sales.perDay, 0.01);
  const width = 300;
  const height = 80;
  const bar = width / sales.perDay.length;
  return (
    <figure class="chart">
      <svg
        viewBox={`0 0 ${width} ${height + 14}`}
        role="img"
        aria-label={t('home.chart', { currency: sales.currency })}
      >
        {sales.perDay.map((value, i) => {
          const h = Math.max((value / max) * height, value > 0 ? 2 : 0.5);
          const day = days[i];
          return (
            <rect key={day ?? i} x={i * bar + 1} y={height - h} width={bar - 2} height={h} class="bar">
              <title>{`${dayLabel(day)}: ${money(value, sales.currency)}`}</title>
            </rect>
          );
        })}
        <text x="0" y={height + 12} class="axis">
          {dayLabel(days[0])}
        </text>
        <text x={width} y={height + 12} text-anchor="end" class="axis">
          {t('home.today')}
        </text>
      </svg>
      <figcaption>{t('home.chart', { currency: sales.currency })}</figcaption>
    </figure>
  );
}

/** The two queues of orders: unpaid, and paid but not dispatched (rejected ones need nothing). */
const QUEUES = [
  { id: 'unpaid', title: 'home.unpaid', query: { paidOn: false, rejectedOn: false, closedOn: false } },
  {
    id: 'to-dispatch',
    title: 'home.toDispatch',
    query: { paidOn: true, dispatchedOn: false, deliveredOn: false, rejectedOn: false, closedOn: false },
  },
] as const;

function NeedsAction({ api, shop }: { api: Api; shop: string }) {
  return (
    <section aria-labelledby="action-title" class="panel">
      <h2 id="action-title">{t('home.needsAction')}</h2>
      <div class="queues">
        {QUEUES.map((queue) => (
          <OrderQueue key={queue.id} api={api} shop={shop} queue={queue} />
        ))}
      </div>
    </section>
  );
}

function OrderQueue({ api, shop, queue }: { api: Api; shop: string; queue: (typeof QUEUES)[number] }) {
  const loaded = useLoad(`queue:${shop}:${queue.id}`, async () => {
    const { data, error, response } = await api.GET('/{shopId}/orders', {
      params: { path: { shopId: shop }, query: { ...queue.query, resultsPerPage: 5 } },
    });
    if (!data) throw apiFailure(error, response);
    return data;
  });
  const filter = new URLSearchParams(Object.entries(queue.query).map(([k, v]) => [k, String(v)])).toString();
  return (
    <ShortList
      id={`queue-${queue.id}`}
      title={t(queue.title)}
      empty={t('home.none')}
      loaded={loaded}
      keyOf={(order) => order.orderId}
      line={(order) => <OrderLine order={order} />}
      allTo={`orders?${filter}`}
    />
  );
}

/** The first few of a list (orders, products) with the count, and a link to all of them. */
function ShortList<T>(props: {
  id: string;
  title: string;
  empty: string;
  loaded: Loaded<{ results: number; items: T[] }>;
  keyOf: (item: T) => string;
  line: (item: T) => ComponentChildren;
  allTo: string;
}) {
  const { loaded } = props;
  return (
    <div class="queue" id={props.id}>
      <h3>
        {props.title}
        {loaded.data ? <span class="count">{loaded.data.results}</span> : null}
      </h3>
      <LoadedList loaded={loaded} empty={props.empty}>
        {(data) => (
          <>
            <ul class="order-list">
              {data.items.map((item) => (
                <li key={props.keyOf(item)}>{props.line(item)}</li>
              ))}
            </ul>
            <Link to={props.allTo}>{t('home.showAll', { count: data.results })}</Link>
          </>
        )}
      </LoadedList>
    </div>
  );
}

function OrderLine({ order }: { order: Order }) {
  const name = [order.billingAddress.firstName, order.billingAddress.lastName].filter(Boolean).join(' ');
  return (
    <Link to={`orders/${encodeURIComponent(order.orderId)}`}>
      <span class="number">#{order.orderNumber}</span> <span>{name}</span>{' '}
      <span class="amount">{money(order.grandTotal, order.currencyId)}</span>{' '}
      <span class="muted">{dateTime(order.creationDate)}</span>
    </Link>
  );
}

/** Products on sale that are sold out or low (the API's `availability` filter, live stock). */
const STOCK_LISTS = [
  { id: 'sold-out', title: 'products.soldOut', empty: 'home.noSoldOut', availability: 'OutStock' },
  { id: 'low-stock', title: 'products.low', empty: 'home.noLow', availability: 'WarnStock' },
] as const;

function StockPanel({ api, shop }: { api: Api; shop: string }) {
  return (
    <section aria-labelledby="stock-title" class="panel">
      <h2 id="stock-title">{t('home.stock')}</h2>
      <div class="queues">
        {STOCK_LISTS.map((list) => (
          <StockList key={list.id} api={api} shop={shop} list={list} />
        ))}
      </div>
    </section>
  );
}

function StockList({ api, shop, list }: { api: Api; shop: string; list: (typeof STOCK_LISTS)[number] }) {
  const loaded = useLoad(`stock:${shop}:${list.id}`, async () => {
    const { data, error, response } = await api.GET('/{shopId}/products', {
      params: { path: { shopId: shop }, query: { availability: list.availability, resultsPerPage: 5 } },
    });
    if (!data) throw apiFailure(error, response);
    return data;
  });
  return (
    <ShortList
      id={`stock-${list.id}`}
      title={t(list.title)}
      empty={t(list.empty)}
      loaded={loaded}
      keyOf={(product) => product.productId}
      line={(product) => (
        <Link to={`products/${encodeURIComponent(product.productId)}`}>
          <span>{product.name || product.productNumber}</span>{' '}
          <span class="muted">{product.productNumber}</span>{' '}
          <span class="amount">{t('home.stockLeft', { level: product.stocklevel ?? 0 })}</span>
        </Link>
      )}
      allTo={`products?availability=${list.availability}`}
    />
  );
}

/** The products customers wait for (back-in-stock watchers): the first five as the API lists them (by product id). */
function Watched({ api, shop }: { api: Api; shop: string }) {
  const loaded = useLoad(`watched:${shop}`, async () => {
    const { data, error, response } = await api.GET('/{shopId}/watched-products', {
      params: { path: { shopId: shop }, query: { resultsPerPage: 5 } },
    });
    if (!data) throw apiFailure(error, response);
    return data;
  });
  return (
    <section aria-labelledby="watched-title" class="panel" id="watched">
      <h2 id="watched-title">
        {t('home.watched')}
        {loaded.data ? <span class="count">{loaded.data.results}</span> : null}
      </h2>
      <p class="muted">{t('home.watchedNote')}</p>
      <LoadedList loaded={loaded} empty={t('home.noWatched')}>
        {(data) => (
          <ul class="order-list">
            {data.items.map((product) => (
              <li key={product.productId} class="watched-item">
                <span>{product.name}</span> <span class="muted">{product.productNumber}</span>{' '}
                <span class="amount">{t('home.watchers', { count: product.watchers })}</span>
              </li>
            ))}
          </ul>
        )}
      </LoadedList>
    </section>
  );
}
