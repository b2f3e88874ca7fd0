import type { Api, Order } from '../api/client';
import { Link, LoadError, Loading, ScreenTitle } from '../components';
import { useConsole } from '../context';
import { dateTime, money, shortDay, t } from '../i18n';
import { type CurrencySales, type DayRange, dayRanges, mapLimited, summarize } from '../sales/days';
import { apiFailure, useLoad } from '../use-load';

const DAYS = 30;

/** Today's, 7 and 30 days' sales per currency, and the orders waiting for the merchant. */
export function Home() {
  const { api, session } = useConsole();
  return (
    <>
      <ScreenTitle>{t('home.title')}</ScreenTitle>
      <SalesPanel api={api} shop={session.shop} />
      <NeedsAction api={api} shop={session.shop} />
    </>
  );
}

async function loadSales(api: Api, shop: string): Promise<{ days: DayRange[]; sales: CurrencySales[] }> {
  const days = dayRanges(new Date(), DAYS);
  // Six at a time: a browser's connection limit per host, and the API's daily totals are cheap.
  const answers = await mapLimited(days, 6, async (day) => {
    const { data, error, response } = await api.GET('/{shopId}/sales', {
      params: {
        path: { shopId: shop },
        query: { createdAfter: day.createdAfter, createdBefore: day.createdBefore },
      },
    });
    if (!data) throw apiFailure(error, response);
    return data.salesPerCurrency.map((s) => ({
      currency: s.currency,
      gross: s.totalGrossRevenue,
      orders: s.totalOrders,
    }));
  });
  return { days, sales: summarize(answers) };
}

function SalesPanel({ api, shop }: { api: Api; shop: string }) {
  const loaded = useLoad(`sales:${shop}`, () => loadSales(api, shop));
  return (
    <section aria-labelledby="sales-title" class="panel">
      <h2 id="sales-title">{t('home.sales')}</h2>
      {loaded.error ? (
        <LoadError reason={loaded.error} retry={loaded.reload} />
      ) : !loaded.data ? (
        <Loading />
      ) : loaded.data.sales.length === 0 ? (
        <p>{t('home.noSales')}</p>
      ) : (
        loaded.data.sales.map((s) => (
          <CurrencyFigures key={s.currency} sales={s} days={loaded.data?.days ?? []} />
        ))
      )}
    </section>
  );
}

function CurrencyFigures({ sales, days }: { sales: CurrencySales; days: DayRange[] }) {
  const periods = [
    ['home.today', sales.today],
    ['home.week', sales.week],
    ['home.month', sales.month],
  ] as const;
  return (
    <div class="currency-sales" data-currency={sales.currency}>
      <dl class="figures">
        {periods.map(([label, figure]) => (
          <div key={label} class="figure">
            <dt>{t(label)}</dt>
            <dd>
              <span class="amount">{money(figure.gross, sales.currency)}</span>
              <span class="orders">
                {figure.orders === 1 ? t('home.orders.one') : t('home.orders', { count: figure.orders })}
              </span>
            </dd>
          </div>
        ))}
      </dl>
      <DayChart sales={sales} days={days} />
    </div>
  );
}

/** Bars per day; the figures are in the list above, so the chart is one labelled image. */
function DayChart({ sales, days }: { sales: CurrencySales; days: DayRange[] }) {
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
            <rect
              key={day?.createdAfter ?? i}
              x={i * bar + 1}
              y={height - h}
              width={bar - 2}
              height={h}
              class="bar"
            >
              <title>{`${day ? shortDay(day.start) : ''}: ${money(value, sales.currency)}`}</title>
            </rect>
          );
        })}
        <text x="0" y={height + 12} class="axis">
          {days[0] ? shortDay(days[0].start) : ''}
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
    <div class="queue" id={`queue-${queue.id}`}>
      <h3>
        {t(queue.title)}
        {loaded.data ? <span class="count">{loaded.data.results}</span> : null}
      </h3>
      {loaded.error ? (
        <LoadError reason={loaded.error} retry={loaded.reload} />
      ) : !loaded.data ? (
        <Loading />
      ) : loaded.data.items.length === 0 ? (
        <p>{t('home.none')}</p>
      ) : (
        <>
          <ul class="order-list">
            {loaded.data.items.map((order) => (
              <li key={order.orderId}>
                <OrderLine order={order} />
              </li>
            ))}
          </ul>
          <Link to={`orders?${filter}`}>{t('home.showAll', { count: loaded.data.results })}</Link>
        </>
      )}
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
