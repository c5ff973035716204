import { BlockList, isIP } from 'node:net';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { isUnder } from './paths.js';

/** `::ffff:192.0.2.1` (an IPv4 client on a dual-stack socket) → `192.0.2.1`; anything else as it is. */
export function normaliseAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

/**
 * One entry of the allow-list, `192.0.2.10`, `192.0.2.0/24`, `2001:db8::/32`: the normalised text, or a Dutch
 * reason why it is not an address or range.
 */
export function parseRange(text: string): { ok: true; value: string } | { ok: false; message: string } {
  const trimmed = text.trim();
  const [address = '', prefix, ...rest] = trimmed.split('/');
  const family = isIP(address);
  const bad = {
    ok: false as const,
    message: `"${trimmed.slice(0, 60)}" is geen geldig IP-adres of bereik. Gebruik bijvoorbeeld 192.0.2.10, 192.0.2.0/24 of 2001:db8::/32.`,
  };
  if (!family || rest.length) return bad;
  if (prefix === undefined) return { ok: true, value: address.toLowerCase() };
  if (!/^\d{1,3}$/.test(prefix)) return bad;
  const bits = Number(prefix);
  if (bits > (family === 4 ? 32 : 128)) {
    return {
      ok: false,
      message: `"${trimmed.slice(0, 60)}": het voorvoegsel is hoogstens /${family === 4 ? 32 : 128}.`,
    };
  }
  return { ok: true, value: `${address.toLowerCase()}/${bits}` };
}

/** A matcher for the (already validated) entries, on node:net's BlockList. */
export function allowListOf(ranges: readonly string[]): { allows(address: string | undefined): boolean } {
  const list = new BlockList();
  for (const range of ranges) {
    const [address, prefix] = range.split('/') as [string, string | undefined];
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return {
    allows(raw) {
      if (!raw) return false;
      const address = normaliseAddress(raw);
      const family = isIP(address);
      if (!family) return false;
      return list.check(address, family === 6 ? 'ipv6' : 'ipv4');
    },
  };
}

/**
 * The admin area's pages: /admin and everything below it, compared normalised (http/paths.ts): `/ADMIN`, `/%61dmin`,
 * `//admin/x`, `/admin%2Fx` and `/x/../admin` are the admin area too.
 */
export const isAdminPath = (path: string) => isUnder(path, '/admin');

/**
 * Whether a staff member may work from this address: the allow-list of instellingen/ip is off, or lists it. The one
 * rule of the pages above, every HTTP route a staff session can use (http/route.ts) and GraphQL (http/maintenance.ts).
 */
/** What the allow-list needs of the settings (instellingen/ip): the settings service fits it. */
export interface IpSettingsSource {
  get(key: 'ip'): Promise<{ enabled: boolean; entries: readonly { range: string }[] }>;
}

export async function staffAddressAllowed(settings: IpSettingsSource, address: string | undefined) {
  const ip = await settings.get('ip');
  return !ip.enabled || allowListOf(ip.entries.map((e) => e.range)).allows(address);
}

/** The Dutch refusal of a staff request from outside the allow-list. */
export const IP_NOT_ALLOWED_MESSAGE = 'De beheeromgeving is vanaf dit netwerk niet bereikbaar.';

/**
 * Keeps the admin area's pages to the allow-list (instellingen/ip) when it is on. The client address is Express's
 * `req.ip`: the socket's address, or X-Forwarded-For only when the request came through a trusted proxy
 * (TRUSTED_PROXIES, `trust proxy` in app.ts). The API's admin part is guarded in contexts (graphql requests of staff),
 * the HTTP routes' in http/route.ts.
 */
export function adminIpAllowList(options: {
  current: () => Promise<{ allows(address: string | undefined): boolean } | null>;
  logger: Logger;
}): RequestHandler {
  return (req, res, next) => {
    if (!isAdminPath(req.path)) return next();
    options
      .current()
      .then((list) => {
        if (!list || list.allows(req.ip)) return next();
        options.logger.warn(
          { event: 'ip_blocked', ip: req.ip, path: req.path },
          'admin area refused: address not on the allow-list',
        );
        res
          .status(403)
          .type('text/plain; charset=utf-8')
          .send(`${IP_NOT_ALLOWED_MESSAGE} Neem contact op met de beheerder van het platform.`);
      })
      .catch(next);
  };
}
