/**
 * Which group a client's address counts in for the per-address limits. An IPv4 address is its own
 * group. An IPv6 address counts by its /64 prefix: that is what one household, office or machine is
 * given, and one holder of a /64 has 2⁶⁴ addresses to walk around a limit with. An IPv4-mapped IPv6
 * address (`::ffff:1.2.3.4`, how a dual-stack socket reports an IPv4 client) is the IPv4 address it
 * maps, and a zone id (`fe80::1%eth0`) is not part of an address. Anything that is not an IP address
 * (a proxy's unusual `X-Forwarded-For`) is a group of its own, by its text.
 */
import { isIPv4, isIPv6 } from 'node:net';

export function addressGroup(address: string): string {
  const text = address.trim();
  if (isIPv4(text)) return text;
  const withoutZone = text.split('%')[0]!;
  if (!isIPv6(withoutZone)) return text;
  const groups = ipv6Groups(withoutZone);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address: `::` filled with zeros, a dotted IPv4 end as its two groups. */
function ipv6Groups(address: string): number[] {
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  const hex = dotted
    ? `${address.slice(0, dotted.index)}${((Number(dotted[1]) << 8) | Number(dotted[2])).toString(16)}:${((Number(dotted[3]) << 8) | Number(dotted[4])).toString(16)}`
    : address;
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const [head, tail] = hex.split('::');
  if (tail === undefined) return parse(head!);
  const before = parse(head!);
  const after = parse(tail);
  return [...before, ...new Array<number>(8 - before.length - after.length).fill(0), ...after];
}
