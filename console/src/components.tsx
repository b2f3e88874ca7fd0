import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { BASE } from './config';
import { t } from './i18n';
import { isPlainClick, navigate } from './router';
import type { Loaded } from './use-load';

/** A link inside the console: a real `<a href>` (new tab, copy link) that navigates in place. */
export function Link({
  to,
  children,
  class: className,
}: {
  to: string;
  children: ComponentChildren;
  class?: string;
}) {
  return (
    <a
      href={`${BASE}${to}`}
      class={className}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}

/** A screen's heading; focused when the screen opens so screen readers and the keyboard start there. */
export function ScreenTitle({ children }: { children: ComponentChildren }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <h1 tabIndex={-1} ref={heading}>
      {children}
    </h1>
  );
}

/** A failed load, with a button to try again. */
export function LoadError({ reason, retry }: { reason: string; retry: () => void }) {
  return (
    <div class="notice error" role="alert">
      <p>{t('common.error', { reason })}</p>
      <button type="button" onClick={retry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

export function Loading() {
  return (
    <p class="loading" role="status">
      {t('common.loading')}
    </p>
  );
}

/** A list's load as the screens show it: its error with a retry, "Loading…", the empty text, or the list. */
export function LoadedList<T extends { items: readonly unknown[] }>({
  loaded,
  empty,
  children,
}: {
  loaded: Loaded<T>;
  empty: string;
  children: (data: T) => ComponentChildren;
}) {
  if (loaded.error) return <LoadError reason={loaded.error} retry={loaded.reload} />;
  if (!loaded.data) return <Loading />;
  if (loaded.data.items.length === 0) return <p>{empty}</p>;
  return <>{children(loaded.data)}</>;
}

/** "Previous page" / "Next page" over numbered pages (lists the API pages by number, not by cursor). */
export function PageNav(props: { page: number; pages: number; label: string; go: (page: number) => void }) {
  const { page, pages, label, go } = props;
  return (
    <nav class="pager" aria-label={label}>
      <button type="button" disabled={page <= 1} onClick={() => go(page - 1)}>
        {t('orders.previous')}
      </button>
      <button type="button" disabled={page >= pages} onClick={() => go(page + 1)}>
        {t('orders.next')}
      </button>
    </nav>
  );
}
