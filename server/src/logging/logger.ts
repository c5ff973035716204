import { pino, type DestinationStream, type Logger } from 'pino';

/**
 * Structured JSON logs. Secrets and personal numbers never reach a log line: known keys are redacted wherever they
 * appear, and request logging records the path without its query string.
 */
export const REDACTED_KEYS = [
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'bsn',
  'cardNumber',
  'cookie',
  'authorization',
  'apiKey',
  'secret',
  'sessionToken',
];

export function createLogger(
  level: string,
  base: Record<string, unknown> = {},
  destination?: DestinationStream,
): Logger {
  const paths = REDACTED_KEYS.flatMap((k) => [k, `*.${k}`, `*.*.${k}`, `req.headers.${k}`]);
  const options = {
    level,
    base: { service: 'gemeentewinkel', ...base },
    redact: { paths, censor: '[verborgen]' },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  return destination ? pino(options, destination) : pino(options);
}

/** Masks all but the last `visible` characters, e.g. for card numbers in logs and screens. */
export function mask(value: string, visible = 4): string {
  if (value.length <= visible) return '*'.repeat(value.length);
  return '*'.repeat(value.length - visible) + value.slice(-visible);
}
