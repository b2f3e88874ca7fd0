import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Api } from './api/client';
import type { Session } from './auth/session';
import type { ConsoleConfig } from './config';

/** What every screen of a signed-in console shares. */
export interface ConsoleContext {
  config: ConsoleConfig;
  session: Session;
  api: Api;
}

export const Console = createContext<ConsoleContext | null>(null);

export function useConsole(): ConsoleContext {
  const value = useContext(Console);
  if (!value) throw new Error('useConsole outside a signed-in console');
  return value;
}
