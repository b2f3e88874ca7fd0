import type { ConsoleConfig } from '../config';
import { BASE } from '../config';
import {
  authorizeUrl,
  codeChallenge,
  logoutUrl,
  parseCallback,
  randomToken,
  tokenClaims,
  tokenRequest,
} from './pkce';

/** The signed-in merchant: the access token sent as Bearer, its shop and when it runs out. */
export interface Session {
  accessToken: string;
  shop: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  /** The token's scopes (read-only staff see no action buttons). */
  scopes: string[];
}

// sessionStorage: the tab keeps its sign-in across reloads, and it ends with the tab.
const SESSION_KEY = 'console.session';
const ATTEMPT_KEY = 'console.signIn';

/** The stored session, unless it has (nearly) expired. */
export function currentSession(): Session | undefined {
  const text = sessionStorage.getItem(SESSION_KEY);
  if (!text) return undefined;
  const session = JSON.parse(text) as Session;
  if (session.expiresAt - 30_000 < Date.now()) {
    sessionStorage.removeItem(SESSION_KEY);
    return undefined;
  }
  return session;
}

function keep(config: ConsoleConfig, accessToken: string, expiresIn: number): Session {
  const claims = tokenClaims(accessToken);
  const session: Session = {
    accessToken,
    shop: typeof claims.shop === 'string' ? claims.shop : config.shop,
    expiresAt: typeof claims.exp === 'number' ? claims.exp * 1000 : Date.now() + expiresIn * 1000,
    scopes: typeof claims.scope === 'string' ? claims.scope.split(' ') : [],
  };
  sessionStorage.setItem(SESSION_KEY, JSON.stringify(session));
  return session;
}

/**
 * The twin's local sign-in (development only): a token of the dev issuer for the shop typed in,
 * with every merchant scope or only the read scopes.
 */
export async function localSignIn(
  config: ConsoleConfig,
  shop: string,
  access: 'all' | 'read',
): Promise<Session> {
  if (config.signIn.kind !== 'local') throw new Error('local sign-in is off');
  const response = await fetch(config.signIn.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ shop, access }),
  });
  const body = (await response.json().catch(() => ({}))) as {
    accessToken?: string;
    expiresIn?: number;
    message?: string;
  };
  if (!response.ok || !body.accessToken) throw new Error(body.message ?? `HTTP ${response.status}`);
  return keep(config, body.accessToken, body.expiresIn ?? 3600);
}

/** Starts Cognito's managed login: remembers verifier and state in this tab, then leaves the page. */
export async function startCognitoSignIn(config: ConsoleConfig): Promise<void> {
  if (config.signIn.kind !== 'cognito') throw new Error('Cognito sign-in is off');
  const verifier = randomToken();
  const state = randomToken(16);
  sessionStorage.setItem(ATTEMPT_KEY, JSON.stringify({ verifier, state }));
  location.assign(authorizeUrl(config.signIn, { state, challenge: await codeChallenge(verifier) }));
}

/** On `/admin/callback`: trades the code for tokens (once) and keeps the access token. */
export async function finishCognitoSignIn(config: ConsoleConfig, search: string): Promise<Session> {
  if (config.signIn.kind !== 'cognito') throw new Error('Cognito sign-in is off');
  const attempt = JSON.parse(sessionStorage.getItem(ATTEMPT_KEY) ?? 'null') as {
    verifier: string;
    state: string;
  } | null;
  sessionStorage.removeItem(ATTEMPT_KEY);
  const result = parseCallback(search, attempt?.state ?? null);
  if (result.kind === 'error') throw new Error(result.description || result.error);
  const request = tokenRequest(config.signIn, result.code, attempt?.verifier ?? '');
  const response = await fetch(request.url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: request.body,
  });
  const body = (await response.json().catch(() => ({}))) as {
    access_token?: string;
    expires_in?: number;
    error?: string;
  };
  if (!response.ok || !body.access_token) throw new Error(body.error ?? `HTTP ${response.status}`);
  return keep(config, body.access_token, body.expires_in ?? 3600);
}

/** Forgets the stored session (the API answered 401: the token expired early or was revoked). */
export function forgetSession(): void {
  sessionStorage.removeItem(SESSION_KEY);
}

/** Forgets the session; with Cognito also ends the managed login's own session. */
export function signOut(config: ConsoleConfig): void {
  sessionStorage.removeItem(SESSION_KEY);
  if (config.signIn.kind === 'cognito') location.assign(logoutUrl(config.signIn));
  else location.assign(`${BASE}sign-in`);
}
