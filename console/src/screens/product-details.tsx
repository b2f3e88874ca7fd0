import { useEffect, useRef, useState } from 'preact/hooks';
import type { ApiError, ProductView as Product } from '../api/client';
import { firstReason } from '../api/reason';
import { hasScope } from '../auth/scopes';
import { Link, LoadError, Loading, ScreenTitle } from '../components';
import { useConsole } from '../context';
import { t } from '../i18n';
import { parseAdjustment } from '../products/bulk';
import { formProblem, newProductBody, type ProductForm, parseAmount, productPatch } from '../products/form';
import { stockState } from '../products/stock';
import { navigate } from '../router';
import { apiFailure, useLoad } from '../use-load';

type Outcome = { ok: boolean; text: string };
type Operation = { op: string; path: string; value?: unknown };

/** Why the API refused a product write, in words (a 412: someone else's change). */
function refusal(status: number, body: ApiError | undefined): string {
  if (status === 412) return t('products.stale');
  return t('products.failed', { reason: firstReason(status, body) });
}

/** The shop's locales, currencies and tax classes: what the form offers. */
function useShopSettings() {
  const { api, session } = useConsole();
  return useLoad(`product-settings:${session.shop}`, async () => {
    const path = { shopId: session.shop };
    const [locales, currencies, taxes] = await Promise.all([
      api.GET('/{shopId}/locales', { params: { path } }),
      api.GET('/{shopId}/currencies', { params: { path } }),
      api.GET('/{shopId}/tax-classes', { params: { path, query: { resultsPerPage: 100 } } }),
    ]);
    if (!locales.data) throw apiFailure(locales.error, locales.response);
    if (!currencies.data) throw apiFailure(currencies.error, currencies.response);
    if (!taxes.data) throw apiFailure(taxes.error, taxes.response);
    return { locales: locales.data, currencies: currencies.data, taxes: taxes.data };
  });
}

function formOf(product: Product | undefined, defaultTax: string): ProductForm {
  return {
    name: product?.name ?? '',
    productNumber: product?.productNumber ?? '',
    shortDescription: product?.shortDescription ?? '',
    description: product?.description ?? '',
    price: product?.priceInfo?.price ? String(product.priceInfo.price.amount) : '',
    taxClassId: product?.priceInfo?.taxClass?.taxClassId ?? defaultTax,
    visible: product?.visible ?? false,
  };
}

/**
 * A product to create (`productId` undefined) or edit: texts in a chosen locale of the shop, the price
 * in a chosen currency, tax class, visibility; for a product that exists, its stock set or adjusted
 * and its minimum stock. Saving sends only what changed, with If-Match; a 412 is said in words and
 * the product reloaded.
 */
export function ProductDetails({ productId }: { productId?: string }) {
  const { api, session } = useConsole();
  const settings = useShopSettings();
  const [locale, setLocale] = useState<string | undefined>();
  const [currency, setCurrency] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<Outcome | undefined>();
  const [busy, setBusy] = useState(false);
  const outcomeSlot = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome) outcomeSlot.current?.focus();
  }, [outcome]);
  const shownLocale = locale ?? settings.data?.locales.default;
  const shownCurrency = currency ?? settings.data?.currencies.default;
  const loaded = useLoad(`product:${session.shop}:${productId}:${shownLocale}:${shownCurrency}`, async () => {
    if (!productId || !shownLocale || !shownCurrency) return undefined;
    const { data, error, response } = await api.GET('/{shopId}/products/{productId}', {
      params: {
        path: { shopId: session.shop, productId },
        query: { locale: shownLocale, currency: shownCurrency, includeInvisible: true },
      },
    });
    if (!data) throw apiFailure(error, response);
    return { product: data, etag: response.headers.get('etag') ?? undefined };
  });
  const canWrite = hasScope(session.scopes, 'products_write');

  if (settings.error) return <LoadError reason={settings.error} retry={settings.reload} />;
  if (loaded.error && !loaded.data) return <LoadError reason={loaded.error} retry={loaded.reload} />;
  if (!settings.data || !shownLocale || !shownCurrency || (productId && !loaded.data)) return <Loading />;
  const product = loaded.data?.product;
  const defaultTax = settings.data.taxes.defaultTaxClass?.taxClassId ?? '';
  const query = { locale: shownLocale, currency: shownCurrency };

  /** A JSON Patch on the product; `ifMatch` for field edits (stock moves commute: no tag). */
  const patch = async (body: Operation[], done: string, ifMatch: boolean) => {
    if (!productId || body.length === 0) return false;
    setBusy(true);
    setOutcome(undefined);
    const etag = loaded.data?.etag;
    const { data, error, response } = await api.PATCH('/{shopId}/products/{productId}', {
      params: {
        path: { shopId: session.shop, productId },
        query,
        header: ifMatch && etag ? { 'If-Match': etag } : {},
      },
      body,
    });
    setOutcome(
      data ? { ok: true, text: done } : { ok: false, text: refusal(response.status, error as ApiError) },
    );
    setBusy(false);
    loaded.reload();
    return data !== undefined;
  };

  const create = async (form: ProductForm, stock: number | null) => {
    setBusy(true);
    setOutcome(undefined);
    const { data, error, response } = await api.POST('/{shopId}/products', {
      params: { path: { shopId: session.shop }, query },
      body: newProductBody(form, stock),
    });
    setBusy(false);
    if (!data) {
      setOutcome({ ok: false, text: refusal(response.status, error as ApiError) });
      return;
    }
    navigate(`products/${encodeURIComponent(data.productId)}`);
  };

  return (
    <>
      <p>
        <Link to="products">← {t('products.back')}</Link>
      </p>
      <ScreenTitle>{product ? product.name || product.productNumber : t('products.new')}</ScreenTitle>
      <div role="status" aria-live="polite" class="outcome-slot" tabIndex={-1} ref={outcomeSlot}>
        {outcome ? <p class={`notice ${outcome.ok ? 'ok' : 'error'}`}>{outcome.text}</p> : null}
      </div>
      <div class="language-currency">
        <div class="field">
          <label for="product-locale">{t('products.locale')}</label>
          <select id="product-locale" value={shownLocale} onChange={(e) => setLocale(e.currentTarget.value)}>
            {settings.data.locales.items.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="product-currency">{t('products.currency')}</label>
          <select
            id="product-currency"
            value={shownCurrency}
            onChange={(e) => setCurrency(e.currentTarget.value)}
          >
            {settings.data.currencies.items.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
      </div>
      <FieldsForm
        key={`${productId}:${shownLocale}:${shownCurrency}:${loaded.data?.etag}`}
        start={formOf(product, defaultTax)}
        taxes={settings.data.taxes.items}
        creating={!productId}
        canWrite={canWrite}
        busy={busy}
        currency={shownCurrency}
        save={(before, after, stock) =>
          productId
            ? patch(productPatch(before, after), t('products.saved'), true)
            : create(after, stock).then(() => true)
        }
      />
      {product && productId ? (
        <>
          <StockPanel
            product={product}
            canWrite={canWrite}
            busy={busy}
            patch={(ops) => patch(ops, t('products.stockSaved'), false)}
          />
          <p>
            <Link to={`products/${encodeURIComponent(productId)}/images`}>{t('products.images')}</Link>
          </p>
        </>
      ) : null}
    </>
  );
}

function FieldsForm(props: {
  start: ProductForm;
  taxes: { taxClassId: string; name: string; percentage: number }[];
  creating: boolean;
  canWrite: boolean;
  busy: boolean;
  currency: string;
  save: (before: ProductForm, after: ProductForm, stock: number | null) => Promise<boolean>;
}) {
  const [form, setForm] = useState(props.start);
  const [stock, setStock] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const set = (field: keyof ProductForm, value: string | boolean) => setForm({ ...form, [field]: value });
  const text = (field: 'name' | 'productNumber' | 'shortDescription' | 'description', long = false) => (
    <div class="field">
      <label for={`product-${field}`}>{t(`products.field.${field}`)}</label>
      {long ? (
        <textarea
          id={`product-${field}`}
          rows={4}
          value={form[field]}
          disabled={!props.canWrite}
          onInput={(e) => set(field, e.currentTarget.value)}
        />
      ) : (
        <input
          id={`product-${field}`}
          value={form[field]}
          disabled={!props.canWrite}
          onInput={(e) => set(field, e.currentTarget.value)}
        />
      )}
    </div>
  );
  return (
    <form
      class="panel product-form"
      onSubmit={async (event) => {
        event.preventDefault();
        const found = formProblem(form);
        const startStock = stock.trim() === '' ? null : parseAmount(stock);
        if (found) return setProblem(t(`products.problem.${found}`));
        if (startStock === undefined) return setProblem(t('products.problem.stock'));
        setProblem(undefined);
        await props.save(props.start, form, startStock);
      }}
    >
      {text('name')}
      {text('productNumber')}
      {text('shortDescription', true)}
      {text('description', true)}
      <div class="field">
        <label for="product-price">{t('products.field.price', { currency: props.currency })}</label>
        <input
          id="product-price"
          inputMode="decimal"
          value={form.price}
          disabled={!props.canWrite}
          onInput={(e) => set('price', e.currentTarget.value)}
        />
      </div>
      <div class="field">
        <label for="product-tax">{t('products.field.taxClass')}</label>
        <select
          id="product-tax"
          value={form.taxClassId}
          disabled={!props.canWrite}
          onChange={(e) => set('taxClassId', e.currentTarget.value)}
        >
          {props.taxes.map((tax) => (
            <option key={tax.taxClassId} value={tax.taxClassId}>
              {tax.name} ({tax.percentage} %)
            </option>
          ))}
        </select>
      </div>
      <div class="field checkbox">
        <input
          id="product-visible"
          type="checkbox"
          checked={form.visible}
          disabled={!props.canWrite}
          onChange={(e) => set('visible', e.currentTarget.checked)}
        />
        <label for="product-visible">{t('products.field.visible')}</label>
      </div>
      {props.creating ? (
        <div class="field">
          <label for="product-stock">{t('products.field.startStock')}</label>
          <input
            id="product-stock"
            inputMode="decimal"
            value={stock}
            onInput={(e) => setStock(e.currentTarget.value)}
          />
        </div>
      ) : null}
      {problem ? (
        <p class="notice error" role="alert">
          {problem}
        </p>
      ) : null}
      {props.canWrite ? (
        <div class="buttons">
          <button type="submit" class="primary" disabled={props.busy}>
            {props.creating ? t('products.create') : t('products.save')}
          </button>
        </div>
      ) : null}
    </form>
  );
}

function StockPanel(props: {
  product: Product;
  canWrite: boolean;
  busy: boolean;
  patch: (ops: Operation[]) => Promise<boolean>;
}) {
  const { product } = props;
  const [setTo, setSetTo] = useState('');
  const [by, setBy] = useState('');
  const [minimum, setMinimum] = useState(product.minStocklevel === null ? '' : String(product.minStocklevel));
  const state = stockState(product);
  const level = parseAmount(setTo);
  const adjustment = parseAdjustment(by);
  const min = parseAmount(minimum);
  return (
    <section class="panel" aria-labelledby="stock-title">
      <h2 id="stock-title">{t('products.stock')}</h2>
      <p class="stock-now">
        {state === 'untracked'
          ? t('products.untracked')
          : t('products.stockNow', { level: String(product.stocklevel) })}
        {state === 'soldOut' || state === 'low' ? (
          <span class={`badge stock-${state}`}> {t(`products.${state}`)}</span>
        ) : null}
      </p>
      {props.canWrite ? (
        <div class="stock-forms">
          <form
            class="inline-form"
            onSubmit={(e) => {
              e.preventDefault();
              if (level !== null && level !== undefined)
                props.patch([{ op: 'replace', path: '/stocklevel', value: level }]);
            }}
          >
            <label for="stock-set">{t('products.setStock')}</label>
            <input
              id="stock-set"
              class="grow"
              inputMode="decimal"
              value={setTo}
              onInput={(e) => setSetTo(e.currentTarget.value)}
            />
            <button type="submit" disabled={props.busy || level === null || level === undefined}>
              {t('products.set')}
            </button>
          </form>
          <form
            class="inline-form"
            onSubmit={(e) => {
              e.preventDefault();
              if (adjustment !== undefined)
                props.patch([{ op: 'add', path: '/stocklevel', value: adjustment }]);
            }}
          >
            <label for="stock-adjust">{t('products.adjustBy')}</label>
            <input
              id="stock-adjust"
              class="grow"
              inputMode="decimal"
              value={by}
              onInput={(e) => setBy(e.currentTarget.value)}
            />
            <button type="submit" disabled={props.busy || adjustment === undefined}>
              {t('products.adjust')}
            </button>
          </form>
          <form
            class="inline-form"
            onSubmit={(e) => {
              e.preventDefault();
              if (min === undefined) return;
              props.patch([
                min === null
                  ? { op: 'remove', path: '/minStocklevel' }
                  : { op: 'add', path: '/minStocklevel', value: min },
              ]);
            }}
          >
            <label for="stock-minimum">{t('products.minimum')}</label>
            <input
              id="stock-minimum"
              class="grow"
              inputMode="decimal"
              value={minimum}
              onInput={(e) => setMinimum(e.currentTarget.value)}
            />
            <button type="submit" disabled={props.busy || min === undefined}>
              {t('products.saveMinimum')}
            </button>
          </form>
        </div>
      ) : null}
    </section>
  );
}
