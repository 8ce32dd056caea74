/**
 * The SSRF guard (decision 030): webhook requests go only to public addresses. Every address a host
 * name resolves to is checked when the connection is made (the lookup itself is guarded, so a name
 * that changes its answer between a check and the request cannot slip through), unless
 * WEBHOOK_ALLOW_PRIVATE=1.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, with the cloud metadata address 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3], // multicast and reserved
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local, with AWS's fd00:ec2::254
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** True for loopback, private, link-local, metadata and other non-public addresses. */
export const isPrivateAddress = (address: string): boolean => {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return blocked.check(mapped, 'ipv4');
  return blocked.check(address, 'ipv6');
};

export class PrivateAddressError extends Error {
  constructor(host: string) {
    super(`${host} resolves to a private or local address`);
  }
}

/** A dns.lookup for http(s).request that refuses private answers (unless allowed). */
export const guardedLookup =
  (allowPrivate: boolean): LookupFunction =>
  (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const list = addresses;
      if (!allowPrivate && list.some((a) => isPrivateAddress(a.address))) return callback(new PrivateAddressError(hostname), '', 0);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      const first = list[0]!;
      callback(null, first.address, first.family);
    });
  };

/** Whether a URL's host resolves only to addresses a webhook may reach (checked again at each delivery). */
export const resolvesToPublic = async (url: string, allowPrivate: boolean): Promise<boolean> => {
  if (allowPrivate) return true;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return !isPrivateAddress(host);
  if (host === 'localhost' || host.endsWith('.localhost')) return false;
  try {
    const addresses = await new Promise<LookupAddress[]>((resolve, reject) => dnsLookup(host, { all: true }, (e, a) => (e ? reject(e) : resolve(a))));
    return addresses.length > 0 && !addresses.some((a) => isPrivateAddress(a.address));
  } catch {
    // A name that does not resolve now may later; delivery checks again.
    return true;
  }
};
