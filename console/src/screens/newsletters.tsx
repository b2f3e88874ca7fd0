import { useState } from 'preact/hooks';
import type { ApiError } from '../api/client';
import { fieldReasons } from '../api/reason';
import { hasScope } from '../auth/scopes';
import { Link, LoadError, LoadedList, Loading, PageNav, ScreenTitle } from '../components';
import { useConsole } from '../context';
import { t } from '../i18n';
import { navigate } from '../router';
import { apiFailure, useLoad } from '../use-load';

const PER_PAGE = 50;

/** Why the API refused, in words: each field named with its message. */
function refusal(status: number, body: ApiError | undefined): string {
  return t('newsletters.refused', { reason: fieldReasons(status, body) });
}

/** The newsletter campaigns with their subscriber counts, and a new one. */
export function NewslettersIndex() {
  const { api, session } = useConsole();
  const campaigns = useLoad(`newsletters:${session.shop}`, async () => {
    const { data, error, response } = await api.GET('/{shopId}/newsletter-campaigns', {
      params: { path: { shopId: session.shop }, query: { resultsPerPage: 100 } },
    });
    if (!data) throw apiFailure(error, response);
    return data.items;
  });
  const canWrite = hasScope(session.scopes, 'newsletters_write');
  return (
    <>
      <ScreenTitle>{t('newsletters.title')}</ScreenTitle>
      {campaigns.error ? (
        <LoadError reason={campaigns.error} retry={campaigns.reload} />
      ) : !campaigns.data ? (
        <Loading />
      ) : campaigns.data.length === 0 ? (
        <p>{t('newsletters.none')}</p>
      ) : (
        <div class="table-wrap">
          <table class="newsletters">
            <thead>
              <tr>
                <th scope="col">{t('newsletters.name')}</th>
                <th scope="col">{t('newsletters.language')}</th>
                <th scope="col" class="num">
                  {t('newsletters.subscribers')}
                </th>
              </tr>
            </thead>
            <tbody>
              {campaigns.data.map((c) => (
                <tr key={c.campaignId}>
                  <td>
                    <Link to={`newsletters/${encodeURIComponent(c.campaignId)}`}>{c.name}</Link>
                    <span class="muted"> · {c.identifier}</span>
                  </td>
                  <td>{c.language}</td>
                  <td class="num">{c.numberOfSubscribers}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {canWrite ? <NewCampaign created={campaigns.reload} /> : null}
    </>
  );
}

function NewCampaign({ created }: { created: () => void }) {
  const { api, session } = useConsole();
  const [form, setForm] = useState({
    name: '',
    identifier: '',
    language: 'en',
    subject: '',
    description: '',
  });
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());
    const { data, error, response } = await api.POST('/{shopId}/newsletter-campaigns', {
      params: { path: { shopId: session.shop } },
      body: {
        name: form.name.trim(),
        identifier: form.identifier.trim(),
        language: form.language.trim(),
        subject: optional(form.subject),
        description: optional(form.description),
      },
    });
    setBusy(false);
    if (!data) return setProblem(refusal(response.status, error as ApiError));
    created();
    navigate(`newsletters/${encodeURIComponent(data.campaignId)}`);
  };
  const field = (name: keyof typeof form, long = false) => (
    <div class="field">
      <label for={`newsletter-${name}`}>{t(`newsletters.field.${name}`)}</label>
      {long ? (
        <textarea
          id={`newsletter-${name}`}
          rows={3}
          value={form[name]}
          onInput={(e) => setForm({ ...form, [name]: e.currentTarget.value })}
        />
      ) : (
        <input
          id={`newsletter-${name}`}
          value={form[name]}
          onInput={(e) => setForm({ ...form, [name]: e.currentTarget.value })}
        />
      )}
    </div>
  );
  return (
    <section class="panel" aria-labelledby="new-newsletter-title">
      <h2 id="new-newsletter-title">{t('newsletters.new')}</h2>
      <form class="page-form" onSubmit={submit}>
        {field('name')}
        {field('identifier')}
        {field('language')}
        {field('subject')}
        {field('description', true)}
        {problem ? (
          <p class="notice error" role="alert">
            {problem}
          </p>
        ) : null}
        <div class="buttons">
          <button type="submit" class="primary" disabled={busy}>
            {t('newsletters.create')}
          </button>
        </div>
      </form>
    </section>
  );
}

/**
 * A newsletter campaign's addresses, paged: subscribed, waiting for their confirmation, or unsubscribed
 * (the API keeps those listed); one subscribed or waiting removed (it stays listed, unsubscribed).
 */
export function NewsletterSubscribers({ campaignId }: { campaignId: string }) {
  const { api, session } = useConsole();
  const [page, setPage] = useState(1);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | undefined>();
  const [busy, setBusy] = useState(false);
  const path = { shopId: session.shop, campaignId };
  const campaign = useLoad(`newsletter:${session.shop}:${campaignId}`, async () => {
    // The API has no read of one campaign: it is found in the list (a shop has a few).
    const { data, error, response } = await api.GET('/{shopId}/newsletter-campaigns', {
      params: { path: { shopId: session.shop }, query: { resultsPerPage: 100 } },
    });
    if (!data) throw apiFailure(error, response);
    return data.items.find((c) => c.campaignId === campaignId);
  });
  const subscribers = useLoad(`subscribers:${session.shop}:${campaignId}:${page}`, async () => {
    const { data, error, response } = await api.GET(
      '/{shopId}/newsletter-campaigns/{campaignId}/subscribers',
      {
        params: { path, query: { page, resultsPerPage: PER_PAGE } },
      },
    );
    if (!data) throw apiFailure(error, response);
    return data;
  });
  const canWrite = hasScope(session.scopes, 'newsletters_write');
  const remove = async (email: string, token: string) => {
    setBusy(true);
    setOutcome(undefined);
    const { error, response } = await api.DELETE(
      '/{shopId}/newsletter-campaigns/{campaignId}/subscribers/{email}',
      {
        params: { path: { ...path, email }, query: { token } },
      },
    );
    setBusy(false);
    setOutcome(
      response.status === 204
        ? { ok: true, text: t('newsletters.removed', { email }) }
        : { ok: false, text: refusal(response.status, error as ApiError) },
    );
    subscribers.reload();
  };
  const pages = subscribers.data ? Math.max(1, Math.ceil(subscribers.data.results / PER_PAGE)) : 1;
  return (
    <>
      <p>
        <Link to="newsletters">← {t('newsletters.back')}</Link>
      </p>
      <ScreenTitle>{campaign.data?.name ?? t('newsletters.title')}</ScreenTitle>
      {campaign.data?.subject ? <p class="muted">{campaign.data.subject}</p> : null}
      <div role="status" aria-live="polite">
        {outcome ? <p class={`notice ${outcome.ok ? 'ok' : 'error'}`}>{outcome.text}</p> : null}
      </div>
      <section class="panel" aria-labelledby="subscribers-title">
        <h2 id="subscribers-title">
          {t('newsletters.subscriberCount', { count: subscribers.data?.results ?? 0 })}
        </h2>
        <LoadedList loaded={subscribers} empty={t('newsletters.noSubscribers')}>
          {(data) => (
            <div class="table-wrap">
              <table class="subscribers">
                <thead>
                  <tr>
                    <th scope="col">{t('newsletters.email')}</th>
                    <th scope="col">{t('newsletters.name')}</th>
                    <th scope="col">{t('newsletters.state')}</th>
                    {canWrite ? <th scope="col">{t('newsletters.actions')}</th> : null}
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((s) => (
                    <tr key={s.email}>
                      <td>{s.email}</td>
                      <td>{s.name ?? ''}</td>
                      <td>
                        {s.pending
                          ? t('newsletters.pending')
                          : s.subscribed
                            ? t('newsletters.subscribed')
                            : t('newsletters.left')}
                      </td>
                      {canWrite ? (
                        <td>
                          {s.pending || s.subscribed ? (
                            <button
                              type="button"
                              disabled={busy}
                              onClick={() => remove(s.email, s.unsubscribeToken)}
                            >
                              {t('newsletters.remove', { email: s.email })}
                            </button>
                          ) : null}
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
            label={t('newsletters.subscriberCount', { count: subscribers.data?.results ?? 0 })}
            go={setPage}
          />
        ) : null}
      </section>
    </>
  );
}
