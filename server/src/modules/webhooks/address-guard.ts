import { BlockList, isIP } from 'node:net';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { promises as dns } from 'node:dns';

/**
 * SSRF guard for webhook deliveries: requests never go to private, loopback, link-local, multicast or otherwise
 * reserved addresses. Checked twice: when an endpoint is saved (its host resolved, a clear Dutch message), and at
 * connect time by the agent's `lookup` (the address the socket really connects to, so DNS rebinding and a name that
 * changes after saving are caught too). Redirects are never followed (a 3xx is a failed attempt). Outside production
 * the loopback range may be allowed (`allowLoopback`), for local receivers and tests.
 */
const BLOCKED = new BlockList();
const LOOPBACK = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  BLOCKED.addSubnet(net, prefix, 'ipv6');
}
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addSubnet('::1', 128, 'ipv6');

export type AddressVerdict = 'public' | 'loopback' | 'private';

/** What kind of address this is; an IPv4-mapped IPv6 address counts as its IPv4 address. */
export function classifyAddress(address: string): AddressVerdict {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const ip = mapped ? mapped[1]! : address;
  const family = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
  if (LOOPBACK.check(ip, family)) return 'loopback';
  if (BLOCKED.check(ip, family)) return 'private';
  return 'public';
}

export function addressAllowed(address: string, allowLoopback: boolean): boolean {
  const verdict = classifyAddress(address);
  return verdict === 'public' || (verdict === 'loopback' && allowLoopback);
}

export class BlockedAddressError extends Error {
  readonly code = 'EBLOCKEDADDRESS';
  constructor() {
    super('webhook destination resolves to a blocked address');
  }
}

/** A `lookup` for an http(s) agent that refuses blocked addresses: the check at connect time. */
export function guardedLookup(allowLoopback: boolean) {
  return (
    hostname: string,
    options: object,
    callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ): void => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as LookupAddress[];
      const bad = list.find((a) => !addressAllowed(a.address, allowLoopback));
      if (bad || list.length === 0) return callback(new BlockedAddressError(), '', 0);
      if ((options as { all?: boolean }).all) return callback(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/** The host of a URL resolved now (for the message when an endpoint is saved): which of its addresses are refused. */
export async function hostProblem(
  hostname: string,
  allowLoopback: boolean,
): Promise<'blocked' | 'unresolvable' | null> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(bare)) addresses = [bare];
  else {
    try {
      addresses = (await dns.lookup(bare, { all: true })).map((a) => a.address);
    } catch {
      return 'unresolvable';
    }
  }
  return addresses.every((a) => addressAllowed(a, allowLoopback)) ? null : 'blocked';
}
