import { useState } from 'preact/hooks';
import type { ApiError, ProductView as Product } from '../api/client';
import { firstReason } from '../api/reason';
import { hasScope } from '../auth/scopes';
import { Link, LoadError, Loading, PageNav, ScreenTitle } from '../components';
import { useConsole } from '../context';
import { money, t } from '../i18n';
import {
  type BulkAction,
  type BulkResult,
  bulkPatch,
  inTurn,
  parseAdjustment,
  summarize,
} from '../products/bulk';
import { stockState } from '../products/stock';
import { navigate, useLocation } from '../router';
import { apiFailure, useLoad } from '../use-load';

const PER_PAGE = 20;

/** The stock filter's choices: the API's `availability` values (docs/catalog.md "Filtering by stock"). */
const STOCK_FILTERS = [
  ['', 'products.stockAll'],
  ['OutStock', 'products.soldOut'],
  ['WarnStock', 'products.low'],
  ['OutStock,WarnStock', 'products.soldOutOrLow'],
] as const;

/** The filter named in the address, if it is one of the choices (a hand-edited address lists all). */
function stockFilter(value: string | null): string | undefined {
  return STOCK_FILTERS.some(([choice]) => choice !== '' && choice === value) ? (value as string) : undefined;
}

/** A product's name, else its number, else its id (a product may have only a number). */
const productName = (p: Product) => p.name || p.productNumber || p.productId;

/**
 * The products index: search (the API's `q`), invisible products too, 20 a page; visibility and
 * stock per row; bulk actions on a selection, one PATCH per product, then what succeeded and what not.
 */
export function ProductsIndex() {
  const { api, session } = useConsole();
  const { query: search } = useLocation();
  const q = search.get('q') ?? '';
  const availability = stockFilter(search.get('availability'));
  const page = Number(search.get('page') ?? '1') || 1;
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [results, setResults] = useState<BulkResult[] | undefined>();
  const loaded = useLoad(`products:${session.shop}:${search}`, async () => {
    const { data, error, response } = await api.GET('/{shopId}/products', {
      params: {
        path: { shopId: session.shop },
        query: {
          includeInvisible: true,
          page,
          resultsPerPage: PER_PAGE,
          ...(q ? { q } : {}),
          ...(availability ? { availability } : {}),
        },
      },
    });
    if (!data) throw apiFailure(error, response);
    return data;
  });
  const canWrite = hasScope(session.scopes, 'products_write');
  const goTo = (changes: Record<string, string | null>) => {
    const params = new URLSearchParams(search);
    for (const [k, v] of Object.entries(changes))
      v === null || v === '' ? params.delete(k) : params.set(k, v);
    setSelected(new Set());
    navigate(`products?${params}`);
  };

  const runBulk = async (action: BulkAction) => {
    const products = (loaded.data?.items ?? []).filter((p) => selected.has(p.productId));
    setResults(undefined);
    const outcomes = await inTurn(products, 4, async (product): Promise<BulkResult> => {
      const { data, error, response } = await api.PATCH('/{shopId}/products/{productId}', {
        params: { path: { shopId: session.shop, productId: product.productId } },
        body: bulkPatch(action),
      });
      if (data) return { productId: product.productId, name: productName(product), ok: true };
      const body = error as ApiError | undefined;
      return {
        productId: product.productId,
        name: productName(product),
        ok: false,
        reason: firstReason(response.status, body),
      };
    });
    setResults(outcomes);
    // The summary names what was done; the next action starts from a fresh selection.
    setSelected(new Set());
    loaded.reload();
  };

  const items = loaded.data?.items ?? [];
  const pages = loaded.data ? Math.max(1, Math.ceil(loaded.data.results / PER_PAGE)) : 1;
  return (
    <>
      <ScreenTitle>{t('products.title')}</ScreenTitle>
      <form
        class="search-form"
        onSubmit={(event) => {
          event.preventDefault();
          const text = new FormData(event.currentTarget as HTMLFormElement).get('q');
          goTo({ q: typeof text === 'string' ? text.trim() : '', page: null });
        }}
      >
        <label for="product-search">{t('products.search')}</label>
        <input id="product-search" class="grow" name="q" type="search" defaultValue={q} key={q} />
        <button type="submit">{t('products.searchButton')}</button>
        <label for="stock-filter">{t('products.stockFilter')}</label>
        <select
          id="stock-filter"
          value={availability ?? ''}
          onChange={(e) => goTo({ availability: e.currentTarget.value, page: null })}
        >
          {STOCK_FILTERS.map(([value, label]) => (
            <option key={value} value={value}>
              {t(label)}
            </option>
          ))}
        </select>
        {canWrite ? (
          <Link to="products/new" class="button-link">
            {t('products.new')}
          </Link>
        ) : null}
      </form>
      {results ? <BulkSummary results={results} /> : null}
      {canWrite && selected.size > 0 ? <BulkBar count={selected.size} run={runBulk} /> : null}
      {loaded.error ? (
        <LoadError reason={loaded.error} retry={loaded.reload} />
      ) : !loaded.data ? (
        <Loading />
      ) : (
        <section aria-labelledby="product-results">
          <h2 id="product-results" class="results-title">
            {t('products.count', { count: loaded.data.results })} · {t('orders.page', { page })}
          </h2>
          {items.length === 0 ? (
            <p>{t('products.none')}</p>
          ) : (
            <ProductTable
              products={items}
              selectable={canWrite}
              selected={selected}
              toggle={(id) => {
                const next = new Set(selected);
                next.has(id) ? next.delete(id) : next.add(id);
                setSelected(next);
              }}
              toggleAll={(on) => setSelected(new Set(on ? items.map((p) => p.productId) : []))}
            />
          )}
          <PageNav
            page={page}
            pages={pages}
            label={t('orders.page', { page })}
            go={(to) => goTo({ page: String(to) })}
          />
        </section>
      )}
    </>
  );
}

function ProductTable(props: {
  products: Product[];
  selectable: boolean;
  selected: Set<string>;
  toggle: (id: string) => void;
  toggleAll: (on: boolean) => void;
}) {
  const all = props.products.every((p) => props.selected.has(p.productId));
  return (
    <div class="table-wrap">
      <table class="products">
        <thead>
          <tr>
            {props.selectable ? (
              <th scope="col">
                <input
                  type="checkbox"
                  aria-label={t('products.selectAll')}
                  checked={all}
                  onChange={(e) => props.toggleAll(e.currentTarget.checked)}
                />
              </th>
            ) : null}
            <th scope="col">{t('products.name')}</th>
            <th scope="col">{t('products.number')}</th>
            <th scope="col" class="num">
              {t('products.price')}
            </th>
            <th scope="col">{t('products.visibility')}</th>
            <th scope="col" class="num">
              {t('products.stock')}
            </th>
          </tr>
        </thead>
        <tbody>
          {props.products.map((product) => {
            const state = stockState(product);
            const price = product.priceInfo?.price;
            return (
              <tr key={product.productId} data-product={product.productId}>
                {props.selectable ? (
                  <td>
                    <input
                      type="checkbox"
                      aria-label={t('products.select', { name: productName(product) })}
                      checked={props.selected.has(product.productId)}
                      onChange={() => props.toggle(product.productId)}
                    />
                  </td>
                ) : null}
                <td>
                  <Link to={`products/${encodeURIComponent(product.productId)}`}>{productName(product)}</Link>
                </td>
                <td>{product.productNumber}</td>
                <td class="num">{price ? money(price.amount, price.currency) : '–'}</td>
                <td>{product.visible ? t('products.visible') : t('products.hidden')}</td>
                <td class="num stock">
                  {state === 'untracked' ? t('products.untracked') : product.stocklevel}
                  {state === 'soldOut' || state === 'low' ? (
                    <span class={`badge stock-${state}`}> {t(`products.${state}`)}</span>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function BulkBar({ count, run }: { count: number; run: (action: BulkAction) => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const [by, setBy] = useState('');
  const adjustment = parseAdjustment(by);
  const go = async (action: BulkAction) => {
    setBusy(true);
    await run(action);
    setBusy(false);
  };
  return (
    <section class="panel bulk" aria-labelledby="bulk-title">
      <h2 id="bulk-title">{t('products.bulkTitle', { count })}</h2>
      <div class="buttons">
        <button type="button" disabled={busy} onClick={() => go({ kind: 'show' })}>
          {t('products.show')}
        </button>
        <button type="button" disabled={busy} onClick={() => go({ kind: 'hide' })}>
          {t('products.hide')}
        </button>
      </div>
      <form
        class="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (adjustment !== undefined) go({ kind: 'adjust', by: adjustment });
        }}
      >
        <label for="bulk-adjust">{t('products.adjustBy')}</label>
        <input
          id="bulk-adjust"
          class="grow"
          inputMode="decimal"
          value={by}
          onInput={(e) => setBy(e.currentTarget.value)}
        />
        <button type="submit" disabled={busy || adjustment === undefined}>
          {t('products.adjust')}
        </button>
      </form>
    </section>
  );
}

function BulkSummary({ results }: { results: BulkResult[] }) {
  const { done, failed } = summarize(results);
  return (
    <div role="status" class={`notice ${failed.length === 0 ? 'ok' : 'error'}`}>
      <p>{t('products.bulkDone', { done: done.length, total: results.length })}</p>
      {failed.length > 0 ? (
        <ul>
          {failed.map((r) => (
            <li key={r.productId}>{t('products.bulkFailed', { name: r.name, reason: r.reason ?? '' })}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
