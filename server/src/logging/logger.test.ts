import { describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { createLogger, mask } from './logger.js';

describe('logging', () => {
  it('never writes passwords, tokens, BSNs, card numbers or cookies', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, cb) {
        lines.push(String(chunk));
        cb();
      },
    });
    const real = createLoggerTo(sink);
    real.info(
      {
        password: 'geheim-wachtwoord',
        input: { token: 'abc123token', bsn: '111222333' },
        req: { headers: { cookie: 'gw_session=xyz' } },
        cardNumber: '6100000011',
      },
      'test',
    );
    const out = lines.join('');
    for (const secret of ['geheim-wachtwoord', 'abc123token', '111222333', 'gw_session=xyz', '6100000011'])
      expect(out).not.toContain(secret);
    expect(out).toContain('[verborgen]');
  });

  it('masks all but the last digits', () => {
    expect(mask('6100000011')).toBe('******0011');
    expect(mask('12')).toBe('**');
  });
});

function createLoggerTo(stream: Writable) {
  return createLogger('info', {}, stream);
}
