import { BlockList, isIP } from 'node:net';
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import type { Config } from '../config.ts';

/** Built once per configuration: TRUSTED_PROXIES does not change while the server runs. */
const trustedLists = new WeakMap<Config, BlockList>();

function trustedList(config: Config): BlockList {
  let list = trustedLists.get(config);
  if (!list) {
    list = new BlockList();
    for (const entry of config.trustedProxies) {
      const [address, bits] = entry.split('/');
      const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
      if (bits === undefined) list.addAddress(address, family);
      else list.addSubnet(address, Number(bits), family);
    }
    trustedLists.set(config, list);
  }
  return list;
}

/**
 * An address as written in a socket or an X-Forwarded-For entry, or null when it is none.
 * IPv4 seen through a dual-stack socket (`::ffff:1.2.3.4`) becomes plain IPv4, and the ports
 * and brackets some proxies add (`1.2.3.4:5678`, `[2001:db8::1]:443`) are dropped.
 */
export function normalizeIp(raw: string | undefined): string | null {
  if (!raw) return null;
  let address = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(':'));
  // A zone (`fe80::1%eth0`) names the server's own interface, not part of the client.
  address = address.split('%')[0];
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) address = mapped[1];
  return isIP(address) ? address.toLowerCase() : null;
}

/**
 * The client's address. The socket's peer, unless that peer is a proxy named in TRUSTED_PROXIES:
 * then X-Forwarded-For is read from the right, past every trusted proxy, to the first address
 * none of them vouches for. Entries further left were written by the client and are never used,
 * and without a trusted proxy the header is ignored, so no one picks a new address per request
 * by sending one.
 */
export function clientIp(c: Context<AppEnv>): string | null {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return clientAddress(c.get('deps').config, incoming?.socket?.remoteAddress, c.req.header('X-Forwarded-For'));
}

/** clientIp, from the socket's peer address and the request's X-Forwarded-For header. */
export function clientAddress(config: Config, peer: string | undefined, forwardedFor: string | undefined): string | null {
  let address = normalizeIp(peer);
  if (!address || !config.trustedProxies.length) return address;
  const trusted = trustedList(config);
  const isTrusted = (ip: string) => trusted.check(ip, isIP(ip) === 6 ? 'ipv6' : 'ipv4');
  const forwarded = (forwardedFor ?? '').split(',').reverse();
  for (const entry of forwarded) {
    if (!isTrusted(address)) break;
    const next = normalizeIp(entry);
    // A malformed entry: the proxy that passed it on is the last address known for sure.
    if (!next) break;
    address = next;
  }
  return address;
}
