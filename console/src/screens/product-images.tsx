import { useState } from 'preact/hooks';
import type { ApiError } from '../api/client';
import { firstReason } from '../api/reason';
import { hasScope } from '../auth/scopes';
import { Link, LoadError, Loading, ScreenTitle } from '../components';
import { useConsole } from '../context';
import { t } from '../i18n';
import { moved, shownSize } from '../images/sequence';
import { uploadImage } from '../images/upload';
import { apiFailure, useLoad } from '../use-load';

type Upload = { name: string; progress: number; error?: string; done?: boolean };

/**
 * A product's images: uploads by file picker or drag and drop with progress per file, the images at
 * their Small size (never the original), moved up or down, one made the main image, one deleted
 * (asked once).
 */
export function ProductImages({ productId }: { productId: string }) {
  const { api, session, config } = useConsole();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | undefined>();
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<string | undefined>();
  const [dragging, setDragging] = useState(false);
  const path = { shopId: session.shop, productId };
  const product = useLoad(`image-product:${session.shop}:${productId}`, async () => {
    const { data, error, response } = await api.GET('/{shopId}/products/{productId}', {
      params: { path, query: { includeInvisible: true } },
    });
    if (!data) throw apiFailure(error, response);
    return data;
  });
  const slideshow = useLoad(`slideshow:${session.shop}:${productId}`, async () => {
    const { data, error, response } = await api.GET('/{shopId}/products/{productId}/slideshow', {
      params: { path },
    });
    if (!data) throw apiFailure(error, response);
    return data.items;
  });
  const canWrite = hasScope(session.scopes, 'products_write');
  const refusal = (status: number, body: ApiError | undefined) =>
    t('images.refused', { reason: firstReason(status, body) });
  const reload = () => {
    slideshow.reload();
    product.reload();
  };

  const upload = async (files: File[]) => {
    const base = config.apiUrl || location.origin;
    const url = `${base}/${encodeURIComponent(session.shop)}/products/${encodeURIComponent(productId)}/slideshow`;
    setOutcome(undefined);
    let list = files.map((f) => ({ name: f.name, progress: 0 }) as Upload);
    setUploads(list);
    const update = (index: number, change: Partial<Upload>) => {
      list = list.map((u, i) => (i === index ? { ...u, ...change } : u));
      setUploads(list);
    };
    // One after the other: each is a catalog write of the product, so they would only race.
    for (const [index, file] of files.entries()) {
      const answer = await uploadImage({
        url,
        token: session.accessToken,
        file,
        onProgress: (fraction) => update(index, { progress: fraction }),
      });
      if (answer.status === 201) update(index, { progress: 1, done: true });
      else update(index, { error: refusal(answer.status, answer.body as ApiError) });
    }
    reload();
  };

  const send = async (request: () => Promise<{ response: Response; error?: unknown }>, done: string) => {
    setBusy(true);
    setOutcome(undefined);
    const { response, error } = await request();
    setBusy(false);
    setDeleting(undefined);
    setOutcome(
      response.ok
        ? { ok: true, text: done }
        : { ok: false, text: refusal(response.status, error as ApiError) },
    );
    reload();
  };
  const names = slideshow.data?.map((i) => i.name) ?? [];
  const reorder = (name: string, step: -1 | 1) =>
    send(
      () =>
        api.PUT('/{shopId}/products/{productId}/slideshow/sequence', {
          params: { path },
          body: moved(names, name, step),
        }),
      t('images.reordered'),
    );
  const makeMain = (name: string) =>
    send(
      () =>
        api.PATCH('/{shopId}/products/{productId}', {
          params: { path },
          body: [{ op: 'add', path: '/productImage', value: name }],
        }),
      t('images.mainSet', { name }),
    );
  const remove = (name: string) =>
    send(
      () =>
        api.DELETE('/{shopId}/products/{productId}/slideshow/{imageName}', {
          params: { path: { ...path, imageName: name } },
        }),
      t('images.deleted', { name }),
    );

  if (product.error && !product.data) return <LoadError reason={product.error} retry={product.reload} />;
  if (!product.data) return <Loading />;
  const main = product.data.productImage;
  return (
    <>
      <p>
        <Link to={`products/${encodeURIComponent(productId)}`}>← {t('images.back')}</Link>
      </p>
      <ScreenTitle>{t('images.title', { name: product.data.name || productId })}</ScreenTitle>
      <div role="status" aria-live="polite">
        {outcome ? <p class={`notice ${outcome.ok ? 'ok' : 'error'}`}>{outcome.text}</p> : null}
      </div>
      {canWrite ? (
        <section
          class={`panel drop-zone${dragging ? ' dragging' : ''}`}
          aria-labelledby="upload-title"
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(e) => {
            e.preventDefault();
            setDragging(false);
            const files = [...(e.dataTransfer?.files ?? [])];
            if (files.length > 0) upload(files);
          }}
        >
          <h2 id="upload-title">{t('images.upload')}</h2>
          <p class="muted">{t('images.uploadNote')}</p>
          <label for="image-files">{t('images.choose')}</label>
          <input
            id="image-files"
            type="file"
            multiple
            accept=".png,.jpg,.jpeg,.gif,.ico,image/png,image/jpeg,image/gif"
            onChange={(e) => {
              const files = [...(e.currentTarget.files ?? [])];
              e.currentTarget.value = '';
              if (files.length > 0) upload(files);
            }}
          />
          {uploads.length > 0 ? (
            <ul class="uploads">
              {uploads.map((u) => (
                <li key={u.name}>
                  <span>{u.name}</span>{' '}
                  {u.error ? (
                    <span class="notice error inline">{u.error}</span>
                  ) : (
                    <>
                      <progress
                        max={1}
                        value={u.progress}
                        aria-label={t('images.progress', { name: u.name })}
                      />
                      <span>{u.done ? t('images.uploaded') : `${Math.round(u.progress * 100)} %`}</span>
                    </>
                  )}
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}
      <section class="panel" aria-labelledby="images-title">
        <h2 id="images-title">{t('images.list', { count: names.length })}</h2>
        {slideshow.error ? (
          <LoadError reason={slideshow.error} retry={slideshow.reload} />
        ) : !slideshow.data ? (
          <Loading />
        ) : slideshow.data.length === 0 ? (
          <p>{t('images.none')}</p>
        ) : (
          <ol class="image-list">
            {slideshow.data.map((image, index) => {
              const size = shownSize(image.sizes);
              return (
                <li key={image.name} data-image={image.name}>
                  {size ? (
                    <img src={size.url} width={size.width} height={size.height} alt={image.name} />
                  ) : null}
                  <div class="image-info">
                    <span class="image-name">{image.name}</span>
                    {image.name === main ? <span class="badge status-paidOn">{t('images.main')}</span> : null}
                    {canWrite ? (
                      <div class="buttons">
                        <button
                          type="button"
                          disabled={busy || index === 0}
                          onClick={() => reorder(image.name, -1)}
                        >
                          {t('images.up', { name: image.name })}
                        </button>
                        <button
                          type="button"
                          disabled={busy || index === names.length - 1}
                          onClick={() => reorder(image.name, 1)}
                        >
                          {t('images.down', { name: image.name })}
                        </button>
                        {image.name === main ? null : (
                          <button type="button" disabled={busy} onClick={() => makeMain(image.name)}>
                            {t('images.makeMain', { name: image.name })}
                          </button>
                        )}
                        <button
                          type="button"
                          class="danger"
                          disabled={busy}
                          onClick={() => setDeleting(image.name)}
                        >
                          {t('images.delete', { name: image.name })}
                        </button>
                      </div>
                    ) : null}
                    {deleting === image.name ? (
                      <div class="notice confirm" role="alertdialog" aria-labelledby={`delete-${index}`}>
                        <p id={`delete-${index}`}>{t('images.deleteQuestion', { name: image.name })}</p>
                        <div class="buttons">
                          <button
                            type="button"
                            class="danger"
                            disabled={busy}
                            onClick={() => remove(image.name)}
                          >
                            {t('images.deleteConfirm')}
                          </button>
                          <button type="button" onClick={() => setDeleting(undefined)}>
                            {t('images.keep')}
                          </button>
                        </div>
                      </div>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </section>
    </>
  );
}
