import { BlockList, isIP } from 'node:net';

/**
 * The addresses a webhook may never be sent to (merchant-api.md "Callback URL safety"): private,
 * loopback, link-local (the instance metadata address 169.254.169.254 included), unique-local,
 * carrier-grade NAT, multicast, unspecified and reserved ranges, IPv4 and IPv6. IPv4 written inside
 * IPv6 (mapped, compatible, NAT64, 6to4) is judged by the IPv4 address it carries.
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
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard-only
  ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID, ...)
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

const blocked = new BlockList();
for (const [address, prefix] of BLOCKED_V4) blocked.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of BLOCKED_V6) blocked.addSubnet(address, prefix, 'ipv6');

/** Whether a literal IP address (v4 or v6, brackets allowed) must never receive a webhook. */
export function isBlockedAddress(literal: string): boolean {
  const address = literal.replace(/^\[|\]$/g, '');
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true; // not an address at all: never connect to it
  const embedded = embeddedV4(address);
  if (embedded !== undefined) return isBlockedAddress(embedded);
  return blocked.check(address, 'ipv6');
}

/**
 * The IPv4 address an IPv6 address carries, for the forms that reach an IPv4 host: mapped
 * (::ffff:a.b.c.d), compatible (::a.b.c.d), NAT64 (64:ff9b::/96) and 6to4 (2002::/16).
 */
function embeddedV4(address: string): string | undefined {
  const words = expandV6(address);
  if (!words) return undefined;
  const v4 = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  const zeros = (from: number, to: number) => words.slice(from, to).every((w) => w === 0);
  // ::a.b.c.d also covers :: and ::1, which come out as 0.0.0.0 and 0.0.0.1: blocked either way.
  if (zeros(0, 5) && (words[5] === 0xffff || words[5] === 0)) return v4(words[6] ?? 0, words[7] ?? 0);
  if (words[0] === 0x64 && words[1] === 0xff9b && zeros(2, 6)) return v4(words[6] ?? 0, words[7] ?? 0);
  if (words[0] === 0x2002) return v4(words[1] ?? 0, words[2] ?? 0);
  return undefined;
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
