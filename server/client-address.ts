import { isIPv4, isIPv6 } from 'node:net';

/**
 * The parts of a client's address its crowd results are counted under (server/db/results-store.ts):
 * - the address group names one subscriber: an IPv4 address whole, an IPv6 address by its /64 (one
 *   home or office network is given a /64 and can use any address in it);
 * - the network group names the site a /64 belongs to: an IPv6 address's /48, the most any one
 *   customer is given (a tunnel broker hands anyone a /48: 65,536 /64s). An IPv4 address has none:
 *   it is counted by its address alone, as before (one address is already the most a subscriber
 *   gets, and its neighbours in a /24 are other subscribers).
 * An IPv4 address written as IPv6 (`::ffff:192.0.2.1`) is the IPv4 address.
 */
export interface ClientGroups {
  addressGroup: string;
  networkGroup: string | null;
}

/** The 8 groups of an IPv6 address, each without leading zeros. */
function ipv6Groups(address: string): string[] {
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // A trailing embedded IPv4 (…:192.0.2.1) lies past the first 64 bits: only its count matters.
  const rightGroups = right.reduce((n, part) => n + (part.includes('.') ? 2 : 1), 0);
  const groups = address.includes('::')
    ? [...left, ...Array<string>(8 - left.length - rightGroups).fill('0'), ...right]
    : left;
  return groups.map((group) => group.replace(/^0+(?=.)/, ''));
}

export function clientGroups(address: string): ClientGroups {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return { addressGroup: mapped[1], networkGroup: null };
  if (isIPv4(address) || !isIPv6(address)) return { addressGroup: address, networkGroup: null };
  const groups = ipv6Groups(address);
  return {
    addressGroup: `${groups.slice(0, 4).join(':')}::/64`,
    networkGroup: `${groups.slice(0, 3).join(':')}::/48`,
  };
}

/** The address group alone (see clientGroups). */
export const addressGroup = (address: string): string => clientGroups(address).addressGroup;
