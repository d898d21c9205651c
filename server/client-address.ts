import { isIPv4, isIPv6 } from 'node:net';

/**
 * The part of a client's address that names one subscriber: an IPv4 address whole, an IPv6
 * address by its /64 (one home or office network is given a /64 and can use any address in it).
 * An IPv4 address written as IPv6 (`::ffff:192.0.2.1`) is the IPv4 address.
 */
export function addressGroup(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(address) || !isIPv6(address)) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // A trailing embedded IPv4 (…:192.0.2.1) lies past the first 64 bits: only its count matters.
  const rightGroups = right.reduce((n, part) => n + (part.includes('.') ? 2 : 1), 0);
  const groups = address.includes('::')
    ? [...left, ...Array<string>(8 - left.length - rightGroups).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
