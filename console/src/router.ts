import { useEffect, useState } from 'preact/hooks';
import { BASE } from './config';

const NAVIGATED = 'console:navigate';

/** The path below /admin/ (no leading slash) and the query of the current location. */
export interface Location {
  path: string;
  query: URLSearchParams;
}

function read(): Location {
  const path = location.pathname.startsWith(BASE) ? location.pathname.slice(BASE.length) : '';
  return { path: path.replace(/\/+$/, ''), query: new URLSearchParams(location.search) };
}

/** Goes to a console path (`orders?paidOn=false`) without reloading the page. */
export function navigate(to: string, { replace = false } = {}): void {
  const url = `${BASE}${to.replace(/^\/+/, '')}`;
  if (replace) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  window.dispatchEvent(new Event(NAVIGATED));
}

/** The current location, re-rendered on every navigation and on Back/Forward. */
export function useLocation(): Location {
  const [current, setCurrent] = useState(read);
  useEffect(() => {
    const update = () => setCurrent(read());
    window.addEventListener('popstate', update);
    window.addEventListener(NAVIGATED, update);
    return () => {
      window.removeEventListener('popstate', update);
      window.removeEventListener(NAVIGATED, update);
    };
  }, []);
  return current;
}

/** A click a link should handle itself (no modifier key: a new tab stays the browser's). */
export function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
