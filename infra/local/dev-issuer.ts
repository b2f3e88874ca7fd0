import {
  createHash,
  createPrivateKey,
  createPublicKey,
  createSign,
  generateKeyPairSync,
  type KeyObject,
  randomUUID,
} from 'node:crypto';
import {
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { devIssuer } from '../../lib/config';
import { SCOPES } from '../../lib/routes';

/** The repository root, found from this file's location (infra/local/). */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** The git-ignored folder of the twin's keys and secrets (DEV_KEYS_DIR, default `<repo>/.dev-keys`). */
export function devKeysDir(): string {
  return process.env.DEV_KEYS_DIR ?? join(repoRoot, '.dev-keys');
}

/** One public key of the dev issuer, as published in its JWKS (a type alias: assignable to JSON types). */
export type DevJwk = {
  kty: 'RSA';
  n: string;
  e: string;
  kid: string;
  alg: 'RS256';
  use: 'sig';
};

export interface DevKeys {
  privateKeyPem: string;
  jwks: { keys: DevJwk[] };
  /** Absolute path of jwks.json, for AUTH_JWKS_FILE. */
  jwksFile: string;
  kid: string;
}

/**
 * The dev issuer's key pair, made once and kept in a git-ignored folder (DEV_KEYS_DIR, default
 * `<repo>/.dev-keys`) so tokens from `npm run token` stay valid across restarts of the twin.
 * Safe when several processes race to create it: the first key written wins.
 */
export function ensureDevKeys(dir = devKeysDir()): DevKeys {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const privateFile = join(dir, 'private.pem');
  if (!existsSync(privateFile)) {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    writeAtomically(privateFile, pem, { mode: 0o600, exclusive: true });
  }
  const privateKeyPem = readFileSync(privateFile, 'utf8');
  const jwk = publicJwk(privateKeyPem);
  const jwks = { keys: [jwk] };
  const jwksFile = join(dir, 'jwks.json');
  const text = `${JSON.stringify(jwks, null, 2)}\n`;
  if (!existsSync(jwksFile) || readFileSync(jwksFile, 'utf8') !== text)
    writeAtomically(jwksFile, text, { mode: 0o644 });
  return { privateKeyPem, jwks, jwksFile, kid: jwk.kid };
}

/** The public JWK of a private key, its kid being the RFC 7638 SHA-256 thumbprint (stable per key). */
export function publicJwk(privateKeyPem: string): DevJwk {
  const { n, e } = createPublicKey(createPrivateKey(privateKeyPem)).export({ format: 'jwk' });
  if (!n || !e) throw new Error('The dev issuer key is not an RSA key');
  const kid = createHash('sha256')
    .update(JSON.stringify({ e, kty: 'RSA', n }))
    .digest('base64url');
  return { kty: 'RSA', n, e, kid, alg: 'RS256', use: 'sig' };
}

export interface DevTokenOptions {
  shop: string;
  /** Scopes, as a list or already space-separated. */
  scope: readonly string[] | string;
  /** Lifetime in seconds; negative makes an already expired token (for tests). */
  expiresIn?: number;
  sub?: string;
  issuer?: string;
  audience?: string;
  privateKeyPem: string;
  /** Default: the thumbprint of the key, as in ensureDevKeys' JWKS. */
  kid?: string;
}

/** An RS256 access token of the dev issuer, shaped like the ones the API accepts in AWS. */
export function signDevToken({
  shop,
  scope,
  expiresIn = 3600,
  sub = 'dev-user',
  issuer = devIssuer.issuer,
  audience = devIssuer.audience,
  privateKeyPem,
  kid = publicJwk(privateKeyPem).kid,
}: DevTokenOptions): string {
  const iat = Math.floor(Date.now() / 1000);
  return signJwt(
    { alg: 'RS256', typ: 'JWT', kid },
    {
      iss: issuer,
      aud: audience,
      sub,
      shop,
      scope: typeof scope === 'string' ? scope : scope.join(' '),
      iat,
      exp: iat + expiresIn,
      jti: randomUUID(),
    },
    privateKeyPem,
  );
}

/**
 * A token with every scope (or the given ones) for a shop, from the keys in DEV_KEYS_DIR: what
 * `npm start` prints and `npm run invoke` puts in place of the {{DEV_TOKEN}} placeholder.
 */
export function issueDevToken(
  shop: string,
  options: Partial<Omit<DevTokenOptions, 'shop' | 'privateKeyPem' | 'kid'>> = {},
): string {
  const { privateKeyPem, kid } = memoIn(keysByDir, devKeysDir(), ensureDevKeys);
  return signDevToken({ ...options, scope: options.scope ?? SCOPES, shop, privateKeyPem, kid });
}

/**
 * ensureDevKeys' answer per folder, kept for the process: reading and parsing the key files again for
 * every token cost ~4 ms of CPU a token (the test suite issues thousands).
 */
const keysByDir = new Map<string, DevKeys>();

/** Signs any header and claims with RS256 (tests use it to craft tokens the API must refuse). */
export function signJwt(
  header: Record<string, unknown>,
  claims: Record<string, unknown>,
  privateKeyPem: string,
): string {
  const input = `${base64url(header)}.${base64url(claims)}`;
  const signature = createSign('RSA-SHA256')
    .update(input)
    .sign(memoIn(privateKeys, privateKeyPem, createPrivateKey), 'base64url');
  return `${input}.${signature}`;
}

/** Parsed private keys by their PEM: signing with the PEM text parsed it on every signature. */
const privateKeys = new Map<string, KeyObject>();

/** The value kept under `key`, made by `make` the first time. */
function memoIn<V>(kept: Map<string, V>, key: string, make: (key: string) => V): V {
  let value = kept.get(key);
  if (value === undefined) {
    value = make(key);
    kept.set(key, value);
  }
  return value;
}

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** Writes through a temporary file so readers never see half a file; `exclusive` keeps an existing one. */
export function writeAtomically(file: string, text: string, { mode = 0o600, exclusive = false } = {}): void {
  const temp = `${file}.${process.pid}.${randomUUID()}.tmp`;
  writeFileSync(temp, text, { mode });
  try {
    if (exclusive) linkSync(temp, file);
    else renameSync(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    if (existsSync(temp)) unlinkSync(temp);
  }
}
