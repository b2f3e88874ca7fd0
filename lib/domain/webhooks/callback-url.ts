import { isIP } from 'node:net';
import { isBlockedAddress } from './blocked-addresses';

export const MAX_CALLBACK_URL_LENGTH = 2048;
/** The ports a callback may use. */
export const CALLBACK_PORTS: readonly number[] = [443, 8443];

/** What makes a callback URL acceptable where it is checked (create, PATCH, every send). */
export interface CallbackRules {
  /** The twin's WEBHOOK_ALLOW_LOCAL=true: `http://127.0.0.1:<port>` is accepted for development. */
  allowLocal: boolean;
}

/** A callback URL taken apart for sending: the host to resolve and the port to connect to. */
export interface CallbackTarget {
  url: URL;
  /** The host name or literal address (no brackets). */
  host: string;
  port: number;
  /** The one local exception: sent over plain HTTP to 127.0.0.1 without any address check. */
  local: boolean;
}

/**
 * Checks a callback URL's text (docs/webhooks.md "Callback URL safety"): absolute https (or the
 * twin's local exception), no user info, no blocked literal address or local name. Answers the
 * target or what is wrong with it. The addresses a name resolves to are checked at send time
 * (and on create and PATCH by the use case).
 */
export function parseCallbackUrl(text: string, rules: CallbackRules): CallbackTarget | { problem: string } {
  if (text.length > MAX_CALLBACK_URL_LENGTH)
    return { problem: `must be at most ${MAX_CALLBACK_URL_LENGTH} characters` };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { problem: 'must be an absolute https URL' };
  }
  if (url.username !== '' || url.password !== '') return { problem: 'must not carry user info' };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (rules.allowLocal && url.protocol === 'http:' && host === '127.0.0.1' && url.port !== '')
    return { url, host, port: Number(url.port), local: true };
  if (url.protocol !== 'https:') return { problem: 'must be an https URL' };
  if (isIP(host) !== 0 ? isBlockedAddress(host) : isLocalName(host))
    return { problem: 'must not point to a private, loopback, link-local or reserved address' };
  const port = url.port === '' ? 443 : Number(url.port);
  // Only the ports of HTTPS: the test ping must not probe a public host's other services.
  if (!CALLBACK_PORTS.includes(port)) return { problem: `must use port ${CALLBACK_PORTS.join(' or ')}` };
  return { url, host, port, local: false };
}

/** Names that mean this machine or its network whatever DNS says. */
function isLocalName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    name.endsWith('.local') ||
    name.endsWith('.internal') ||
    !name.includes('.')
  );
}
