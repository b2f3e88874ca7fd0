/** How the console signs in: Cognito's managed login (AWS) or the twin's local sign-in. */
export type SignInConfig =
  | {
      kind: 'cognito';
      /** The user pool domain, `https://<prefix>.auth.<region>.amazoncognito.com`. */
      domain: string;
      clientId: string;
      scopes: string[];
      redirectUri: string;
      logoutUri: string;
    }
  | { kind: 'local'; tokenUrl: string };

/** `/admin/config.json`: written by the stack's deployment or served by the twin (docs/console.md). */
export interface ConsoleConfig {
  /** The API's base URL without a trailing slash; empty: the console's own origin. */
  apiUrl: string;
  /** The shop this console manages (a token's own `shop` claim wins). */
  shop: string;
  signIn: SignInConfig;
}

/** Where the app lives; every route is below it. */
export const BASE = '/admin/';

/** Reads the runtime configuration before anything else (never cached: a deploy may change it). */
export async function loadConfig(): Promise<ConsoleConfig> {
  const response = await fetch(`${BASE}config.json`, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`config.json: HTTP ${response.status}`);
  const config = (await response.json()) as ConsoleConfig;
  return { ...config, apiUrl: config.apiUrl.replace(/\/+$/, '') };
}
