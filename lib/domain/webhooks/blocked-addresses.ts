import { BlockList, isIP } from 'node:net';

/**
 * The addresses a webhook may never be sent to (docs/webhooks.md "Callback URL safety"): private,
 * loopback, link-local (the instance metadata address 169.254.169.254 included), unique-local,
 * carrier-grade NAT, multicast, unspecified and reserved ranges, IPv4 and IPv6. Reserved includes
 * every IPv6 form that carries an IPv4 address (mapped, translated, compatible, NAT64, 6to4, Teredo),
 * whatever address it carries, and every range that is not globally routable.
 */
const BLOCKED_V4: readonly [string, number][] = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, instance metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];
const BLOCKED_V6: readonly [string, number][] = [
  ['::', 96], // unspecified, loopback, IPv4-compatible (::a.b.c.d)
  ['::ffff:0:0', 96], // IPv4-mapped
  ['::ffff:0:0:0', 96], // IPv4-translated
  ['64:ff9b::', 96], // NAT64
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard-only
  ['2001::', 23], // IETF protocol assignments (Teredo, benchmarking, ORCHID, ...)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['3fff::', 20], // documentation
  ['5f00::', 16], // segment routing SIDs
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

// Two lists: one BlockList holding ::ffff:0:0/96 would match every IPv4 address through it.
const blockedV4 = new BlockList();
for (const [address, prefix] of BLOCKED_V4) blockedV4.addSubnet(address, prefix, 'ipv4');
const blockedV6 = new BlockList();
for (const [address, prefix] of BLOCKED_V6) blockedV6.addSubnet(address, prefix, 'ipv6');

/** Whether a literal IP address (v4 or v6, brackets allowed) must never receive a webhook. */
export function isBlockedAddress(literal: string): boolean {
  const address = literal.replace(/^\[|\]$/g, '');
  const family = isIP(address);
  if (family === 4) return blockedV4.check(address, 'ipv4');
  if (family !== 6) return true; // not an address at all: never connect to it
  const words = expandV6(address);
  // Checked on the written-out form: BlockList reads some spellings of embedded IPv4 its own way.
  return words === undefined || blockedV6.check(words.map((w) => w.toString(16)).join(':'), 'ipv6');
}

/** The eight 16-bit words of an IPv6 address (a trailing dotted IPv4 part allowed). */
function expandV6(address: string): number[] | undefined {
  let text = address.toLowerCase().split('%')[0] ?? '';
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const part = (s: string) => (s === '' ? [] : s.split(':').map((w) => Number.parseInt(w, 16)));
  const front = part(head);
  const back = tail === undefined ? [] : part(tail);
  const fill = tail === undefined ? 0 : 8 - front.length - back.length;
  const words = [...front, ...new Array(Math.max(fill, 0)).fill(0), ...back];
  return words.length === 8 && words.every((w) => Number.isInteger(w) && w >= 0 && w <= 0xffff)
    ? words
    : undefined;
}
