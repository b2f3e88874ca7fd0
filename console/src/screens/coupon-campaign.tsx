import { useState } from 'preact/hooks';
import type { ApiError } from '../api/client';
import { firstReason } from '../api/reason';
import { hasScope } from '../auth/scopes';
import { Link, LoadError, LoadedList, Loading, PageNav, ScreenTitle } from '../components';
import { useConsole } from '../context';
import { dateTime, money, t } from '../i18n';
import { navigate } from '../router';
import { apiFailure, useLoad } from '../use-load';
import { campaignOffer } from './coupons-index';

const CODES_PER_PAGE = 50;

/**
 * One coupon campaign: what it gives and its limits, its codes with how often each was used (paged),
 * a code added or removed, the campaign deleted (asked once).
 */
export function CouponCampaign({ campaignId }: { campaignId: string }) {
  const { api, session } = useConsole();
  const [page, setPage] = useState(1);
  const [code, setCode] = useState('');
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | undefined>();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const path = { shopId: session.shop, campaignId };
  const campaign = useLoad(`campaign:${session.shop}:${campaignId}`, async () => {
    const { data, error, response } = await api.GET('/{shopId}/coupon-campaigns/{campaignId}', {
      params: { path },
    });
    if (!data) throw apiFailure(error, response);
    return data;
  });
  const codes = useLoad(`campaign-codes:${session.shop}:${campaignId}:${page}`, async () => {
    const { data, error, response } = await api.GET('/{shopId}/coupon-campaigns/{campaignId}/coupons', {
      params: { path, query: { page, resultsPerPage: CODES_PER_PAGE } },
    });
    if (!data) throw apiFailure(error, response);
    return data;
  });
  const canWrite = hasScope(session.scopes, 'coupons_write');
  const said = (status: number, body: ApiError | undefined) =>
    t('coupons.refused', { reason: firstReason(status, body) });

  const addCode = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setOutcome(undefined);
    const { error, response } = await api.PUT('/{shopId}/coupon-campaigns/{campaignId}/coupons', {
      params: { path },
      body: { code: code.trim() },
    });
    setBusy(false);
    if (response.status === 204) {
      setOutcome({ ok: true, text: t('coupons.codeAdded', { code: code.trim() }) });
      setCode('');
    } else setOutcome({ ok: false, text: said(response.status, error as ApiError) });
    codes.reload();
    campaign.reload();
  };
  const removeCode = async (gone: string) => {
    setBusy(true);
    setOutcome(undefined);
    const { error, response } = await api.DELETE('/{shopId}/coupon-campaigns/{campaignId}/coupons/{code}', {
      params: { path: { ...path, code: gone } },
    });
    setBusy(false);
    setOutcome(
      response.status === 204
        ? { ok: true, text: t('coupons.codeRemoved', { code: gone }) }
        : { ok: false, text: said(response.status, error as ApiError) },
    );
    codes.reload();
  };
  const removeCampaign = async () => {
    setBusy(true);
    const { error, response } = await api.DELETE('/{shopId}/coupon-campaigns/{campaignId}', {
      params: { path },
    });
    setBusy(false);
    if (response.status === 204) return navigate('coupons');
    setConfirming(false);
    setOutcome({ ok: false, text: said(response.status, error as ApiError) });
  };

  if (campaign.error && !campaign.data) return <LoadError reason={campaign.error} retry={campaign.reload} />;
  if (!campaign.data) return <Loading />;
  const c = campaign.data;
  const pages = codes.data ? Math.max(1, Math.ceil(codes.data.results / CODES_PER_PAGE)) : 1;
  return (
    <>
      <p>
        <Link to="coupons">← {t('coupons.back')}</Link>
      </p>
      <ScreenTitle>{c.name}</ScreenTitle>
      <div role="status" aria-live="polite" class="outcome-slot">
        {outcome ? <p class={`notice ${outcome.ok ? 'ok' : 'error'}`}>{outcome.text}</p> : null}
      </div>
      <section class="panel" aria-labelledby="campaign-terms">
        <h2 id="campaign-terms">{campaignOffer(c.type, c.currency)}</h2>
        <dl class="terms">
          <dt>{t('coupons.field.identifier')}</dt>
          <dd>{c.identifier}</dd>
          <dt>{t('coupons.field.minimumOrderValue')}</dt>
          <dd>{money(c.minimumOrderValue.amount, c.minimumOrderValue.currency)}</dd>
          <dt>{t('coupons.window')}</dt>
          <dd>
            {c.validFrom ? dateTime(c.validFrom) : t('coupons.always')} –{' '}
            {c.validUntil ? dateTime(c.validUntil) : t('coupons.open')}
          </dd>
          <dt>{t('coupons.field.usesPerCode')}</dt>
          <dd>{c.usesPerCode ?? t('coupons.unlimited')}</dd>
          <dt>{t('coupons.field.usesTotal')}</dt>
          <dd>{c.usesTotal ?? t('coupons.unlimited')}</dd>
          <dt>{t('coupons.used')}</dt>
          <dd>{c.timesUsed}</dd>
        </dl>
        {canWrite ? (
          <div class="buttons">
            <button
              type="button"
              class="danger"
              disabled={busy || confirming}
              onClick={() => setConfirming(true)}
            >
              {t('coupons.delete')}
            </button>
          </div>
        ) : null}
        {confirming ? (
          <div class="notice confirm" role="alertdialog" aria-labelledby="campaign-delete-question">
            <p id="campaign-delete-question">{t('coupons.deleteQuestion')}</p>
            <div class="buttons">
              <button type="button" class="danger" disabled={busy} onClick={removeCampaign}>
                {t('coupons.deleteConfirm')}
              </button>
              <button type="button" onClick={() => setConfirming(false)}>
                {t('coupons.keep')}
              </button>
            </div>
          </div>
        ) : null}
      </section>
      <section class="panel" aria-labelledby="codes-title">
        <h2 id="codes-title">{t('coupons.codes', { count: codes.data?.results ?? 0 })}</h2>
        {canWrite ? (
          <form class="inline-form" onSubmit={addCode}>
            <label for="new-code">{t('coupons.newCode')}</label>
            <input id="new-code" class="grow" value={code} onInput={(e) => setCode(e.currentTarget.value)} />
            <button type="submit" disabled={busy || code.trim() === ''}>
              {t('coupons.addCode')}
            </button>
          </form>
        ) : null}
        <LoadedList loaded={codes} empty={t('coupons.noCodes')}>
          {(data) => (
            <div class="table-wrap">
              <table class="codes">
                <thead>
                  <tr>
                    <th scope="col">{t('coupons.code')}</th>
                    <th scope="col" class="num">
                      {t('coupons.used')}
                    </th>
                    {canWrite ? <th scope="col">{t('coupons.actions')}</th> : null}
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((one) => (
                    <tr key={one.code}>
                      <td>{one.code}</td>
                      <td class="num">{one.timesUsed}</td>
                      {canWrite ? (
                        <td>
                          <button type="button" disabled={busy} onClick={() => removeCode(one.code)}>
                            {t('coupons.removeCode', { code: one.code })}
                          </button>
                        </td>
                      ) : null}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </LoadedList>
        {pages > 1 ? (
          <PageNav
            page={page}
            pages={pages}
            label={t('coupons.codes', { count: codes.data?.results ?? 0 })}
            go={setPage}
          />
        ) : null}
      </section>
    </>
  );
}
