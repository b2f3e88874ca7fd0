import { useState } from 'preact/hooks';
import type { ApiError } from '../api/client';
import { fieldReasons } from '../api/reason';
import { hasScope } from '../auth/scopes';
import { Link, LoadError, Loading, ScreenTitle } from '../components';
import { useConsole } from '../context';
import { t } from '../i18n';
import { apiFailure, useLoad } from '../use-load';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../webhooks/events';

/**
 * The webhooks: each one's callback URL, event types and state (a deactivated one with its reason),
 * and a form to add one; the secret the API answers once is shown once, with a copy button.
 */
export function WebhooksIndex() {
  const { api, session } = useConsole();
  const [secret, setSecret] = useState<{ url: string; secret: string } | undefined>();
  const loaded = useLoad(`webhooks:${session.shop}`, async () => {
    const { data, error, response } = await api.GET('/{shopId}/webhooks', {
      params: { path: { shopId: session.shop } },
    });
    if (!data) throw apiFailure(error, response);
    return data.items;
  });
  const canWrite = hasScope(session.scopes, 'webhooks_write');
  return (
    <>
      <ScreenTitle>{t('webhooks.title')}</ScreenTitle>
      {secret ? <SecretOnce {...secret} close={() => setSecret(undefined)} /> : null}
      {loaded.error ? (
        <LoadError reason={loaded.error} retry={loaded.reload} />
      ) : !loaded.data ? (
        <Loading />
      ) : loaded.data.length === 0 ? (
        <p>{t('webhooks.none')}</p>
      ) : (
        <ul class="webhooks">
          {loaded.data.map((hook) => (
            <li key={hook.webhookId} class="panel">
              <Link to={`webhooks/${encodeURIComponent(hook.webhookId)}`}>{hook.callbackUrl}</Link>
              <p class="muted">{hook.eventTypes.join(', ')}</p>
              <p>
                <span class={`badge ${hook.active ? 'status-paidOn' : 'status-rejectedOn'}`}>
                  {hook.active ? t('webhooks.active') : t('webhooks.inactive')}
                </span>
                {hook.deactivatedReason
                  ? ` ${t('webhooks.reason', { reason: hook.deactivatedReason })}`
                  : null}
              </p>
            </li>
          ))}
        </ul>
      )}
      {canWrite ? (
        <NewWebhook
          created={(url, made) => {
            setSecret({ url, secret: made });
            loaded.reload();
          }}
        />
      ) : null}
    </>
  );
}

function NewWebhook({ created }: { created: (url: string, secret: string) => void }) {
  const { api, session } = useConsole();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<Set<WebhookEventType>>(new Set(['ORDER_CREATE']));
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    const { data, error, response } = await api.POST('/{shopId}/webhooks', {
      params: { path: { shopId: session.shop } },
      body: { callbackUrl: url.trim(), eventTypes: [...events] },
    });
    setBusy(false);
    if (!data) {
      const body = error as ApiError | undefined;
      setProblem(t('webhooks.refused', { reason: fieldReasons(response.status, body) }));
      return;
    }
    setUrl('');
    created(data.callbackUrl, data.secret);
  };
  return (
    <section class="panel" aria-labelledby="new-webhook-title">
      <h2 id="new-webhook-title">{t('webhooks.new')}</h2>
      <form onSubmit={submit}>
        <div class="field">
          <label for="webhook-url">{t('webhooks.url')}</label>
          <input
            id="webhook-url"
            type="url"
            required
            placeholder="https://erp.example.com/hooks/shop"
            value={url}
            onInput={(e) => setUrl(e.currentTarget.value)}
          />
        </div>
        <fieldset>
          <legend>{t('webhooks.events')}</legend>
          <div class="event-grid">
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <label key={type} class="check">
                <input
                  type="checkbox"
                  checked={events.has(type)}
                  onChange={(e) => {
                    const next = new Set(events);
                    e.currentTarget.checked ? next.add(type) : next.delete(type);
                    setEvents(next);
                  }}
                />
                {type}
              </label>
            ))}
          </div>
        </fieldset>
        {problem ? (
          <p class="notice error" role="alert">
            {problem}
          </p>
        ) : null}
        <div class="buttons">
          <button type="submit" class="primary" disabled={busy || events.size === 0 || url.trim() === ''}>
            {t('webhooks.add')}
          </button>
        </div>
      </form>
    </section>
  );
}

/** The signing secret, shown this once (the API never shows it again), with a copy button. */
function SecretOnce({ url, secret, close }: { url: string; secret: string; close: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      // No clipboard (an insecure origin, a denied permission): select the text for Ctrl+C instead.
      const field = document.getElementById('webhook-secret') as HTMLInputElement | null;
      field?.select();
    }
  };
  return (
    <section class="notice warn" role="alert" aria-labelledby="secret-title">
      <h2 id="secret-title">{t('webhooks.secretTitle')}</h2>
      <p>{t('webhooks.secretOnce', { url })}</p>
      <div class="inline-form">
        <label for="webhook-secret">{t('webhooks.secret')}</label>
        <input
          id="webhook-secret"
          class="grow"
          readOnly
          value={secret}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button type="button" onClick={copy}>
          {copied ? t('webhooks.copied') : t('webhooks.copy')}
        </button>
        <button type="button" onClick={close}>
          {t('webhooks.secretDone')}
        </button>
      </div>
    </section>
  );
}
