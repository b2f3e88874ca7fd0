import { useState } from 'preact/hooks';
import type { ApiError } from '../api/client';
import { firstReason } from '../api/reason';
import { hasScope } from '../auth/scopes';
import { Link, LoadError, Loading, ScreenTitle } from '../components';
import { useConsole } from '../context';
import { dateTime, t } from '../i18n';
import { navigate } from '../router';
import { apiFailure, useLoad } from '../use-load';
import { deliveryOutcome } from '../webhooks/events';

type Outcome = { ok: boolean; text: string };

/**
 * One webhook: its URL, events and state, "Send test" (a PING delivered now, its outcome said),
 * activate or deactivate, delete (asked once), and the deliveries log, newest first, reloadable.
 */
export function WebhookDetails({ webhookId }: { webhookId: string }) {
  const { api, session } = useConsole();
  const [outcome, setOutcome] = useState<Outcome | undefined>();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const path = { shopId: session.shop, webhookId };
  const loaded = useLoad(`webhook:${session.shop}:${webhookId}`, async () => {
    const { data, error, response } = await api.GET('/{shopId}/webhooks/{webhookId}', { params: { path } });
    if (!data) throw apiFailure(error, response);
    return { hook: data, etag: response.headers.get('etag') ?? undefined };
  });
  const deliveries = useLoad(`webhook-deliveries:${session.shop}:${webhookId}`, async () => {
    const { data, error, response } = await api.GET('/{shopId}/webhooks/{webhookId}/deliveries', {
      params: { path },
    });
    if (!data) throw apiFailure(error, response);
    return data.items;
  });
  const canWrite = hasScope(session.scopes, 'webhooks_write');
  const refused = (status: number, body: ApiError | undefined) =>
    status === 412 ? t('webhooks.stale') : t('webhooks.refused', { reason: firstReason(status, body) });

  const setActive = async (active: boolean) => {
    setBusy(true);
    setOutcome(undefined);
    const etag = loaded.data?.etag;
    const { data, error, response } = await api.PATCH('/{shopId}/webhooks/{webhookId}', {
      params: { path, header: etag ? { 'If-Match': etag } : {} },
      body: [{ op: 'replace', path: '/active', value: active }],
    });
    setOutcome(
      data
        ? { ok: true, text: active ? t('webhooks.activated') : t('webhooks.deactivated') }
        : { ok: false, text: refused(response.status, error as ApiError) },
    );
    setBusy(false);
    loaded.reload();
  };
  const sendTest = async () => {
    setBusy(true);
    setOutcome(undefined);
    const { data, error, response } = await api.POST('/{shopId}/webhooks/{webhookId}/test', {
      params: { path },
    });
    setOutcome(
      data
        ? {
            ok: data.status === 'DELIVERED',
            text: t('webhooks.tested', { outcome: deliveryOutcome(data, t) }),
          }
        : { ok: false, text: refused(response.status, error as ApiError) },
    );
    setBusy(false);
    deliveries.reload();
  };
  const remove = async () => {
    setBusy(true);
    const { error, response } = await api.DELETE('/{shopId}/webhooks/{webhookId}', { params: { path } });
    setBusy(false);
    if (response.status === 204) return navigate('webhooks');
    setConfirming(false);
    setOutcome({ ok: false, text: refused(response.status, error as ApiError) });
  };

  if (loaded.error && !loaded.data) return <LoadError reason={loaded.error} retry={loaded.reload} />;
  if (!loaded.data) return <Loading />;
  const { hook } = loaded.data;
  return (
    <>
      <p>
        <Link to="webhooks">← {t('webhooks.back')}</Link>
      </p>
      <ScreenTitle>{t('webhooks.one', { url: hook.callbackUrl })}</ScreenTitle>
      <div role="status" aria-live="polite" class="outcome-slot">
        {outcome ? <p class={`notice ${outcome.ok ? 'ok' : 'error'}`}>{outcome.text}</p> : null}
      </div>
      <section class="panel" aria-labelledby="webhook-state">
        <h2 id="webhook-state">{hook.active ? t('webhooks.active') : t('webhooks.inactive')}</h2>
        {hook.deactivatedReason ? <p>{t('webhooks.reason', { reason: hook.deactivatedReason })}</p> : null}
        <p class="muted">{hook.eventTypes.join(', ')}</p>
        {canWrite ? (
          <div class="buttons">
            <button type="button" class="primary" disabled={busy} onClick={sendTest}>
              {t('webhooks.test')}
            </button>
            <button type="button" disabled={busy} onClick={() => setActive(!hook.active)}>
              {hook.active ? t('webhooks.deactivate') : t('webhooks.activate')}
            </button>
            <button
              type="button"
              class="danger"
              disabled={busy || confirming}
              onClick={() => setConfirming(true)}
            >
              {t('webhooks.delete')}
            </button>
          </div>
        ) : null}
        {confirming ? (
          <div class="notice confirm" role="alertdialog" aria-labelledby="delete-question">
            <p id="delete-question">{t('webhooks.deleteQuestion')}</p>
            <div class="buttons">
              <button type="button" class="danger" disabled={busy} onClick={remove}>
                {t('webhooks.deleteConfirm')}
              </button>
              <button type="button" onClick={() => setConfirming(false)}>
                {t('webhooks.keep')}
              </button>
            </div>
          </div>
        ) : null}
      </section>
      <section class="panel" aria-labelledby="deliveries-title">
        <h2 id="deliveries-title">{t('webhooks.deliveries')}</h2>
        <div class="buttons">
          <button type="button" onClick={deliveries.reload}>
            {t('webhooks.reload')}
          </button>
        </div>
        {deliveries.error ? (
          <LoadError reason={deliveries.error} retry={deliveries.reload} />
        ) : !deliveries.data ? (
          <Loading />
        ) : deliveries.data.length === 0 ? (
          <p>{t('webhooks.noDeliveries')}</p>
        ) : (
          <div class="table-wrap">
            <table class="deliveries">
              <thead>
                <tr>
                  <th scope="col">{t('webhooks.time')}</th>
                  <th scope="col">{t('webhooks.event')}</th>
                  <th scope="col">{t('webhooks.attempt')}</th>
                  <th scope="col">{t('webhooks.outcome')}</th>
                </tr>
              </thead>
              <tbody>
                {deliveries.data.map((d) => (
                  <tr key={`${d.eventId}:${d.attempt}`}>
                    <td>{dateTime(d.time)}</td>
                    <td>{d.eventType}</td>
                    <td>{d.attempt}</td>
                    <td>
                      {deliveryOutcome(d, t)}
                      {d.nextAttemptAt
                        ? ` ${t('webhooks.nextAttempt', { at: dateTime(d.nextAttemptAt) })}`
                        : ''}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
