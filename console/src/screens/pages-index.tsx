import { useState } from 'preact/hooks';
import type { ApiError } from '../api/client';
import { firstReason } from '../api/reason';
import { hasScope } from '../auth/scopes';
import { Link, LoadError, Loading, ScreenTitle } from '../components';
import { useConsole } from '../context';
import { t } from '../i18n';
import { LEGAL_PAGES } from '../pages/legal';
import { apiFailure, useLoad } from '../use-load';

/** The shop's pages: its legal pages and contact information (edited per language), and its script tags. */
export function PagesIndex() {
  return (
    <>
      <ScreenTitle>{t('pages.title')}</ScreenTitle>
      <section class="panel" aria-labelledby="legal-title">
        <h2 id="legal-title">{t('pages.legal')}</h2>
        <ul class="page-list">
          <li>
            <Link to="pages/contact-information">{t('pages.page.contact-information')}</Link>
          </li>
          {LEGAL_PAGES.map((page) => (
            <li key={page}>
              <Link to={`pages/${page}`}>{t(`pages.page.${page}`)}</Link>
            </li>
          ))}
        </ul>
      </section>
      <ScriptTags />
    </>
  );
}

function ScriptTags() {
  const { api, session } = useConsole();
  const [url, setUrl] = useState('');
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | undefined>();
  const [busy, setBusy] = useState(false);
  const tags = useLoad(`script-tags:${session.shop}`, async () => {
    const { data, error, response } = await api.GET('/{shopId}/script-tags', {
      params: { path: { shopId: session.shop } },
    });
    if (!data) throw apiFailure(error, response);
    return data.items;
  });
  const canWrite = hasScope(session.scopes, 'scripttags_write');
  const said = (status: number, body: ApiError | undefined) =>
    t('pages.refused', { reason: firstReason(status, body) });
  const add = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setOutcome(undefined);
    const { data, error, response } = await api.POST('/{shopId}/script-tags', {
      params: { path: { shopId: session.shop } },
      body: { scriptUrl: url.trim() },
    });
    setBusy(false);
    if (data) {
      setUrl('');
      setOutcome({ ok: true, text: t('pages.scriptAdded', { url: data.scriptUrl }) });
    } else setOutcome({ ok: false, text: said(response.status, error as ApiError) });
    tags.reload();
  };
  const remove = async (scriptTagId: string, scriptUrl: string) => {
    setBusy(true);
    setOutcome(undefined);
    const { error, response } = await api.DELETE('/{shopId}/script-tags/{scriptTagId}', {
      params: { path: { shopId: session.shop, scriptTagId } },
    });
    setBusy(false);
    setOutcome(
      response.status === 204
        ? { ok: true, text: t('pages.scriptRemoved', { url: scriptUrl }) }
        : { ok: false, text: said(response.status, error as ApiError) },
    );
    tags.reload();
  };
  return (
    <section class="panel" aria-labelledby="scripts-title">
      <h2 id="scripts-title">{t('pages.scripts')}</h2>
      <p class="muted">{t('pages.scriptsNote')}</p>
      <div role="status" aria-live="polite">
        {outcome ? <p class={`notice ${outcome.ok ? 'ok' : 'error'}`}>{outcome.text}</p> : null}
      </div>
      {tags.error ? (
        <LoadError reason={tags.error} retry={tags.reload} />
      ) : !tags.data ? (
        <Loading />
      ) : tags.data.length === 0 ? (
        <p>{t('pages.noScripts')}</p>
      ) : (
        <ul class="script-tags">
          {tags.data.map((tag) => (
            <li key={tag.scriptTagId}>
              <code>{tag.scriptUrl}</code>
              {canWrite ? (
                <button type="button" disabled={busy} onClick={() => remove(tag.scriptTagId, tag.scriptUrl)}>
                  {t('pages.removeScript')}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canWrite ? (
        <form class="inline-form" onSubmit={add}>
          <label for="script-url">{t('pages.scriptUrl')}</label>
          <input
            id="script-url"
            class="grow"
            type="url"
            placeholder="https://cdn.example.com/widget.js"
            value={url}
            onInput={(e) => setUrl(e.currentTarget.value)}
          />
          <button type="submit" disabled={busy || url.trim() === ''}>
            {t('pages.addScript')}
          </button>
        </form>
      ) : null}
    </section>
  );
}
