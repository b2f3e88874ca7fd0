import { useState } from 'preact/hooks';
import type { ApiError } from '../api/client';
import { fieldReasons } from '../api/reason';
import { hasScope } from '../auth/scopes';
import { Link, LoadError, Loading, ScreenTitle } from '../components';
import { useConsole } from '../context';
import { t } from '../i18n';
import { type EditedPage, isLongField, type PageField, pageBody, pageFields } from '../pages/legal';
import { apiFailure, useLoad } from '../use-load';

/**
 * A legal page or the contact information in one language of the shop: every field, saved whole (a
 * PUT replaces that language's page; the other languages are kept).
 */
export function PageEditor({ page }: { page: EditedPage }) {
  const { api, session } = useConsole();
  const [chosen, setChosen] = useState<string | undefined>();
  const locales = useLoad(`locales:${session.shop}`, async () => {
    const { data, error, response } = await api.GET('/{shopId}/locales', {
      params: { path: { shopId: session.shop } },
    });
    if (!data) throw apiFailure(error, response);
    return data;
  });
  const locale = chosen ?? locales.data?.default;
  const loaded = useLoad(`page:${session.shop}:${page}:${locale}`, async () => {
    if (!locale) return undefined;
    const params = { path: { shopId: session.shop }, query: { locale } };
    if (page === 'contact-information') {
      const { data, error, response } = await api.GET('/{shopId}/legal/contact-information', { params });
      // A shop without contact information yet answers 404: the form starts empty.
      if (response.status === 404) return {} as Partial<Record<PageField, string>>;
      if (!data) throw apiFailure(error, response);
      return data as Partial<Record<PageField, string>>;
    }
    const { data, error, response } = await api.GET('/{shopId}/legal/{page}', {
      params: { path: { shopId: session.shop, page }, query: { locale } },
    });
    if (!data) throw apiFailure(error, response);
    return data as Partial<Record<PageField, string>>;
  });
  if (locales.error) return <LoadError reason={locales.error} retry={locales.reload} />;
  if (loaded.error) return <LoadError reason={loaded.error} retry={loaded.reload} />;
  if (!locales.data || !locale || !loaded.data) return <Loading />;
  return (
    <>
      <p>
        <Link to="pages">← {t('pages.back')}</Link>
      </p>
      <ScreenTitle>{t(`pages.page.${page}`)}</ScreenTitle>
      <div class="field narrow">
        <label for="page-locale">{t('pages.locale')}</label>
        <select id="page-locale" value={locale} onChange={(e) => setChosen(e.currentTarget.value)}>
          {locales.data.items.map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </select>
      </div>
      <PageForm key={`${page}:${locale}`} page={page} locale={locale} start={loaded.data} />
    </>
  );
}

function PageForm(props: { page: EditedPage; locale: string; start: Partial<Record<PageField, string>> }) {
  const { api, session } = useConsole();
  const [values, setValues] = useState(props.start);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | undefined>();
  const [busy, setBusy] = useState(false);
  const canWrite = hasScope(session.scopes, 'legal_write');
  const save = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setOutcome(undefined);
    const params = { path: { shopId: session.shop }, query: { locale: props.locale } };
    const body = pageBody(props.page, values);
    const { data, error, response } =
      props.page === 'contact-information'
        ? await api.PUT('/{shopId}/legal/contact-information', { params, body })
        : await api.PUT('/{shopId}/legal/{page}', {
            params: { ...params, path: { shopId: session.shop, page: props.page } },
            body,
          });
    setBusy(false);
    const problem = error as ApiError | undefined;
    setOutcome(
      data
        ? { ok: true, text: t('pages.saved', { locale: props.locale }) }
        : {
            ok: false,
            text: t('pages.refused', {
              reason: fieldReasons(response.status, problem),
            }),
          },
    );
  };
  return (
    <form class="panel page-form" onSubmit={save}>
      {pageFields(props.page).map((field) => (
        <div class="field" key={field}>
          <label for={`page-${field}`}>{t(`pages.field.${field}`)}</label>
          {isLongField(field) ? (
            <textarea
              id={`page-${field}`}
              rows={field === 'description' ? 10 : 4}
              value={values[field] ?? ''}
              disabled={!canWrite}
              onInput={(e) => setValues({ ...values, [field]: e.currentTarget.value })}
            />
          ) : (
            <input
              id={`page-${field}`}
              value={values[field] ?? ''}
              disabled={!canWrite}
              onInput={(e) => setValues({ ...values, [field]: e.currentTarget.value })}
            />
          )}
        </div>
      ))}
      <div role="status" aria-live="polite">
        {outcome ? <p class={`notice ${outcome.ok ? 'ok' : 'error'}`}>{outcome.text}</p> : null}
      </div>
      {canWrite ? (
        <div class="buttons">
          <button type="submit" class="primary" disabled={busy}>
            {t('pages.save')}
          </button>
        </div>
      ) : null}
    </form>
  );
}
