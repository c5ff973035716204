import { request as httpRequest, Agent as HttpAgent } from 'node:http';
import { request as httpsRequest, Agent as HttpsAgent } from 'node:https';
import { guardedLookup } from './address-guard.js';

export interface TransportOptions {
  /** Outside production: loopback receivers (a local partner, the tests) are allowed. */
  allowLoopback: boolean;
  /** Extra certificate authorities to trust (tests: the receiver's self-signed certificate). */
  ca?: string[];
}

export interface AttemptOutcome {
  /** null: no HTTP answer (refused, time-out, blocked address, TLS). */
  statusCode: number | null;
  durationMs: number;
  /** The start of the response body (at most 500 characters), or what went wrong. */
  responseStart: string;
  /** Why there was no usable answer, in Dutch for the delivery log; null on a 2xx. */
  error: string | null;
  succeeded: boolean;
}

const BODY_KEPT = 500;
const BODY_READ = 64 * 1024;

/**
 * One POST of a webhook: a fresh agent whose `lookup` refuses blocked addresses (address-guard.ts), a time-out for
 * the whole attempt, no redirects (a 3xx counts as failed), at most 64 KB of the answer read. Never throws.
 */
export function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
  options: TransportOptions,
): Promise<AttemptOutcome> {
  const started = performance.now();
  const target = new URL(url);
  const https = target.protocol === 'https:';
  const lookup = guardedLookup(options.allowLoopback);
  const agent = https
    ? new HttpsAgent({ lookup, keepAlive: false, ...(options.ca?.length ? { ca: options.ca } : {}) })
    : new HttpAgent({ lookup, keepAlive: false });
  return new Promise<AttemptOutcome>((resolve) => {
    let settled = false;
    const done = (o: Omit<AttemptOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      agent.destroy();
      resolve({ ...o, durationMs: Math.round(performance.now() - started) });
    };
    const req = (https ? httpsRequest : httpRequest)(
      target,
      {
        method: 'POST',
        agent,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'Gemeentewinkel-Webhooks/1',
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          if (size < BODY_READ) chunks.push(c);
          size += c.length;
          if (size >= BODY_READ) res.destroy();
        });
        const finish = () => {
          const status = res.statusCode ?? 0;
          const text = Buffer.concat(chunks).toString('utf8').slice(0, BODY_KEPT);
          const ok = status >= 200 && status < 300;
          done({
            statusCode: status,
            responseStart: text,
            succeeded: ok,
            error: ok ? null : status >= 300 && status < 400 ? 'Doorverwijzing niet gevolgd' : `Antwoord ${status}`,
          });
        };
        res.on('end', finish);
        res.on('close', finish);
        res.on('error', finish);
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      done({ statusCode: null, responseStart: '', succeeded: false, error: `Geen antwoord binnen ${timeoutMs} ms` });
    }, timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) => {
      done({ statusCode: null, responseStart: '', succeeded: false, error: describeError(err) });
    });
    req.end(body);
  });
}

function describeError(err: NodeJS.ErrnoException): string {
  switch (err.code) {
    case 'EBLOCKEDADDRESS':
      return 'Geweigerd: het adres is privé, lokaal of gereserveerd';
    case 'ECONNREFUSED':
      return 'Verbinding geweigerd';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'Hostnaam niet gevonden';
    case 'ECONNRESET':
      return 'Verbinding verbroken';
    default:
      return err.code?.startsWith('ERR_TLS') || err.code?.includes('CERT')
        ? 'TLS-fout: certificaat niet geldig'
        : `Verbindingsfout${err.code ? ` (${err.code})` : ''}`;
  }
}
