import { useCallback, useEffect, useState } from 'preact/hooks';

/** The state of one load: its data once there, its error, and a way to run it again. */
export interface Loaded<T> {
  data: T | undefined;
  error: string | undefined;
  loading: boolean;
  reload: () => void;
}

/** Runs `load` when `key` changes (and on reload); a late answer for an old key is dropped. */
export function useLoad<T>(key: string, load: () => Promise<T>): Loaded<T> {
  const [state, setState] = useState<{ key: string; data?: T; error?: string; loading: boolean }>({
    key,
    loading: true,
  });
  const [round, setRound] = useState(0);
  // `load` is a new closure each render: `key` (what it loads) and `round` (reloads) decide when it runs.
  useEffect(() => {
    let current = true;
    // A reload keeps what is shown until the answer; another key shows nothing of the last one's.
    setState((s) => (s.key === key ? { ...s, loading: true, error: undefined } : { key, loading: true }));
    load().then(
      (data) => current && setState({ key, data, loading: false }),
      (error: unknown) =>
        current &&
        setState({ key, loading: false, error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      current = false;
    };
  }, [key, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return {
    data: state.key === key ? state.data : undefined,
    error: state.error,
    loading: state.loading,
    reload,
  };
}

/** The message of an API error body, or the status. */
export function apiFailure(error: unknown, response: Response): Error {
  const body = error as { message?: string } | undefined;
  return new Error(body?.message ? `${body.message} (HTTP ${response.status})` : `HTTP ${response.status}`);
}
