import { lookup } from 'node:dns/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { isBlockedAddress } from '../../domain/webhooks/blocked-addresses';
import type { CallbackTarget } from '../../domain/webhooks/callback-url';
import type { SendOutcome } from '../../domain/webhooks/delivery-attempt';

/**
 * An attempt that has no answer within this long fails as `timeout` (docs/webhooks.md "What a receiver
 * gets").
 */
export const SEND_TIMEOUT_MS = 10_000;
/** Bytes of an answer read at most; the body is ignored, a longer one is cut off. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** Every address a host name resolves to (the system's resolver; tests give their own). */
export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;
/** A name that does not resolve within this long fails the attempt (or passes a create unchecked). */
const RESOLVE_TIMEOUT_MS = 3000;
const systemResolver: Resolver = (host) => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`resolving ${host} took over ${RESOLVE_TIMEOUT_MS} ms`)),
      RESOLVE_TIMEOUT_MS,
    );
  });
  return Promise.race([lookup(host, { all: true, verbatim: true }), timeout]).finally(() =>
    clearTimeout(timer),
  );
};

/**
 * The addresses a callback's host resolves to, each checked (docs/webhooks.md "Callback URL
 * safety"): undefined when any of them is blocked, so a name with one private address among public
 * ones is refused whole. A literal address resolves to itself.
 */
export async function checkedAddress(
  target: CallbackTarget,
  resolve: Resolver = systemResolver,
): Promise<{ address: string; family: number } | undefined> {
  if (target.local) return { address: '127.0.0.1', family: 4 };
  const found =
    isIP(target.host) !== 0
      ? [{ address: target.host, family: isIP(target.host) }]
      : await resolve(target.host);
  if (found.length === 0 || found.some((a) => isBlockedAddress(a.address))) return undefined;
  return found[0];
}

/**
 * Whether a callback's host name resolves to a blocked address now (create and PATCH refuse it).
 * A name that does not resolve is let through: its receiver may not exist yet, and every send
 * checks again.
 */
export async function resolvesToBlocked(target: CallbackTarget): Promise<boolean> {
  if (target.local || isIP(target.host) !== 0) return false;
  try {
    return (await checkedAddress(target)) === undefined;
  } catch {
    return false;
  }
}

/**
 * POSTs one delivery: resolves and checks the host's addresses at this moment and connects to the
 * address it checked (so a name cannot be re-pointed between check and connect), follows no
 * redirect, waits at most SEND_TIMEOUT_MS for the whole answer (or `totalMs` for everything, name
 * resolution included) and reads at most MAX_ANSWER_BYTES of it. Never throws: every failure is an
 * outcome.
 */
export async function sendCallback(
  target: CallbackTarget,
  body: string,
  headers: Record<string, string>,
  resolve: Resolver = systemResolver,
  totalMs?: number,
): Promise<SendOutcome> {
  const deadline = totalMs === undefined ? undefined : Date.now() + totalMs;
  let address: { address: string; family: number } | undefined;
  try {
    address = await checkedAddress(target, resolve);
  } catch {
    return { answerCode: null, error: 'connection refused' };
  }
  if (!address) return { answerCode: null, error: 'blocked address' };
  const pinned = address;
  const request = target.local ? httpRequest : httpsRequest;
  return new Promise<SendOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: SendOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve(outcome);
    };
    const req = request(
      {
        method: 'POST',
        host: target.host,
        port: target.port,
        path: `${target.url.pathname}${target.url.search}`,
        headers: {
          ...headers,
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
        },
        // The connection goes to the address checked above, whatever DNS says by now.
        lookup: (_host, options, callback) => {
          if ((options as { all?: boolean }).all)
            (callback as (e: null, a: unknown[]) => void)(null, [pinned]);
          else callback(null, pinned.address, pinned.family);
        },
        agent: false,
      },
      (res) => {
        const code = res.statusCode ?? 0;
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) res.destroy();
        });
        const done = () =>
          finish({
            answerCode: code,
            error: code >= 200 && code < 300 ? null : code >= 300 && code < 400 ? 'redirect' : 'bad status',
          });
        res.on('end', done);
        res.on('close', done);
        res.on('error', done);
      },
    );
    // With a total budget, the answer gets what name resolution left of it.
    const answerMs = deadline === undefined ? SEND_TIMEOUT_MS : Math.max(0, deadline - Date.now());
    const timer = setTimeout(() => finish({ answerCode: null, error: 'timeout' }), answerMs);
    req.on('error', () => finish({ answerCode: null, error: 'connection refused' }));
    req.end(body);
  });
}
