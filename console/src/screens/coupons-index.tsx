import { useState } from 'preact/hooks';
import type { ApiError } from '../api/client';
import { fieldReasons } from '../api/reason';
import { hasScope } from '../auth/scopes';
import { Link, LoadedList, ScreenTitle } from '../components';
import { useConsole } from '../context';
import { type CampaignForm, campaignBody } from '../coupons/campaign-form';
import { dateTime, money, t } from '../i18n';
import { navigate } from '../router';
import { apiFailure, useLoad } from '../use-load';

/** What a campaign gives, in words: 10 %, €5.00 off, or free shipping. */
export function campaignOffer(type: { name: string; amount?: number }, currency: string): string {
  if (type.name === 'PERCENT') return t('coupons.offer.percent', { amount: String(type.amount ?? 0) });
  if (type.name === 'FIX') return t('coupons.offer.fix', { amount: money(type.amount ?? 0, currency) });
  return t('coupons.offer.shipping');
}

/** The coupon campaigns: what each gives, its window and limits and how often it was used; a new one. */
export function CouponsIndex() {
  const { api, session } = useConsole();
  const loaded = useLoad(`coupons:${session.shop}`, async () => {
    const { data, error, response } = await api.GET('/{shopId}/coupon-campaigns', {
      params: { path: { shopId: session.shop }, query: { resultsPerPage: 100 } },
    });
    if (!data) throw apiFailure(error, response);
    return data;
  });
  const canWrite = hasScope(session.scopes, 'coupons_write');
  return (
    <>
      <ScreenTitle>{t('coupons.title')}</ScreenTitle>
      <LoadedList loaded={loaded} empty={t('coupons.none')}>
        {(data) => (
          <div class="table-wrap">
            <table class="campaigns">
              <thead>
                <tr>
                  <th scope="col">{t('coupons.name')}</th>
                  <th scope="col">{t('coupons.offer')}</th>
                  <th scope="col">{t('coupons.window')}</th>
                  <th scope="col" class="num">
                    {t('coupons.used')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((c) => (
                  <tr key={c.campaignId}>
                    <td>
                      <Link to={`coupons/${encodeURIComponent(c.campaignId)}`}>{c.name}</Link>
                      <span class="muted"> · {c.identifier}</span>
                    </td>
                    <td>{campaignOffer(c.type, c.currency)}</td>
                    <td>
                      {c.validFrom ? dateTime(c.validFrom) : t('coupons.always')} –{' '}
                      {c.validUntil ? dateTime(c.validUntil) : t('coupons.open')}
                    </td>
                    <td class="num">
                      {c.usesTotal === null
                        ? String(c.timesUsed)
                        : t('coupons.usedOf', { used: c.timesUsed, total: c.usesTotal })}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </LoadedList>
      {canWrite ? <NewCampaign /> : null}
    </>
  );
}

function NewCampaign() {
  const { api, session } = useConsole();
  const currencies = useLoad(`currencies:${session.shop}`, async () => {
    const { data, error, response } = await api.GET('/{shopId}/currencies', {
      params: { path: { shopId: session.shop } },
    });
    if (!data) throw apiFailure(error, response);
    return data;
  });
  const [form, setForm] = useState<CampaignForm>({
    identifier: '',
    name: '',
    currency: '',
    kind: 'PERCENT',
    amount: '',
    minimumOrderValue: '',
    validFrom: '',
    validUntil: '',
    usesPerCode: '',
    usesTotal: '',
  });
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const set = (field: keyof CampaignForm, value: string) => setForm({ ...form, [field]: value });
  const currency = form.currency || currencies.data?.default || '';
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    const { data, error, response } = await api.POST('/{shopId}/coupon-campaigns', {
      params: { path: { shopId: session.shop } },
      body: campaignBody({ ...form, currency }),
    });
    setBusy(false);
    if (!data) {
      const body = error as ApiError | undefined;
      setProblem(t('coupons.refused', { reason: fieldReasons(response.status, body) }));
      return;
    }
    navigate(`coupons/${encodeURIComponent(data.campaignId)}`);
  };
  const field = (name: keyof CampaignForm, type = 'text', inputMode?: 'decimal' | 'numeric') => (
    <div class="field">
      <label for={`campaign-${name}`}>{t(`coupons.field.${name}`)}</label>
      <input
        id={`campaign-${name}`}
        type={type}
        inputMode={inputMode}
        value={form[name]}
        onInput={(e) => set(name, e.currentTarget.value)}
      />
    </div>
  );
  return (
    <section class="panel" aria-labelledby="new-campaign-title">
      <h2 id="new-campaign-title">{t('coupons.new')}</h2>
      <form class="campaign-form" onSubmit={submit}>
        {field('name')}
        {field('identifier')}
        <div class="field">
          <label for="campaign-kind">{t('coupons.field.kind')}</label>
          <select id="campaign-kind" value={form.kind} onChange={(e) => set('kind', e.currentTarget.value)}>
            <option value="PERCENT">{t('coupons.kind.PERCENT')}</option>
            <option value="FIX">{t('coupons.kind.FIX')}</option>
            <option value="SHIPPING">{t('coupons.kind.SHIPPING')}</option>
          </select>
        </div>
        {form.kind === 'SHIPPING' ? null : field('amount', 'text', 'decimal')}
        <div class="field">
          <label for="campaign-currency">{t('coupons.field.currency')}</label>
          <select
            id="campaign-currency"
            value={currency}
            onChange={(e) => set('currency', e.currentTarget.value)}
          >
            {(currencies.data?.items ?? []).map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        {field('minimumOrderValue', 'text', 'decimal')}
        {field('validFrom', 'date')}
        {field('validUntil', 'date')}
        {field('usesPerCode', 'text', 'numeric')}
        {field('usesTotal', 'text', 'numeric')}
        {problem ? (
          <p class="notice error" role="alert">
            {problem}
          </p>
        ) : null}
        <div class="buttons">
          <button type="submit" class="primary" disabled={busy || !currency}>
            {t('coupons.create')}
          </button>
        </div>
      </form>
    </section>
  );
}
