import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { check, clientAddress, Limits, retryAfterText, type LimitRule } from './limits.js';

/**
 * The one limiter, against a real PostgreSQL: atomic reservations, refunds, the growing delay, the trickle, and
 * counters shared by two instances of the app (two connection pools on one database).
 */
describe('the limiter (rate_limit in PostgreSQL)', () => {
  let db: TestDatabase;
  let pool: pg.Pool;
  let other: pg.Pool;
  let limits: Limits;
  let n = 0;
  /** A rule of its own per test, so tests do not share counters. */
  const rule = (r: Omit<LimitRule, 'name'>): LimitRule => ({ name: `test-${++n}`, ...r });

  beforeAll(async () => {
    db = await createTestDatabase();
    pool = new pg.Pool({ connectionString: db.url, max: 10 });
    other = new pg.Pool({ connectionString: db.url, max: 10 });
    // Dropping the database at the end terminates connections still closing: not a failure of these tests.
    for (const p of [pool, other]) {
      p.on('error', () => undefined);
      p.on('connect', (client) => client.on('error', () => undefined));
    }
    limits = new Limits(pool, 'test-secret-test-secret-test-secret!!');
  });
  afterAll(async () => {
    await pool?.end();
    await other?.end();
    await db?.drop();
  });

  /** Moves a rule's rows into the past: the window or block is over. */
  async function expire(r: LimitRule) {
    await pool.query(`update rate_limit set expire = $1 where key like $2`, [Date.now() - 1, `${r.name}:%`]);
  }

  it('lets exactly the budget through when 50 reservations arrive at once, on two instances together', async () => {
    const r = rule({ points: 5, windowSeconds: 60 });
    const second = new Limits(other, 'test-secret-test-secret-test-secret!!');
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => (i % 2 ? limits : second).reserve(check(r, 'account@voorbeeld.nl'))),
    );
    expect(results.filter((x) => x.ok)).toHaveLength(5);
    const refused = results.find((x) => !x.ok);
    expect(refused).toMatchObject({ ok: false, refusedBy: r.name });
    expect(refused!.ok === false && refused!.retryAfterSeconds).toBeGreaterThan(50);
  });

  it('gives a refunded attempt back, once', async () => {
    const r = rule({ points: 1, windowSeconds: 60 });
    const first = await limits.reserve(check(r, 'a'));
    expect(first.ok).toBe(true);
    if (first.ok) {
      await first.refund();
      await first.refund(); // a second call gives nothing more back
    }
    expect((await limits.reserve(check(r, 'a'))).ok).toBe(true);
    expect((await limits.reserve(check(r, 'a'))).ok).toBe(false);
  });

  it('spends nothing under the other checks when one check refuses', async () => {
    const small = rule({ points: 1, windowSeconds: 60 });
    const large = rule({ points: 3, windowSeconds: 60 });
    expect((await limits.reserve(check(small, 'a'), check(large, 'b'))).ok).toBe(true);
    for (let i = 0; i < 5; i++) expect((await limits.reserve(check(small, 'a'), check(large, 'b'))).ok).toBe(false);
    // `large` was charged once (the one allowed attempt), so two more fit and then it is full.
    expect((await limits.reserve(check(large, 'b'))).ok).toBe(true);
    expect((await limits.reserve(check(large, 'b'))).ok).toBe(true);
    expect((await limits.reserve(check(large, 'b'))).ok).toBe(false);
  });

  it('makes the wait grow: 1 minute after the first spent budget, 2 after the second, at most the maximum', async () => {
    const r = rule({ points: 2, windowSeconds: 900, backoff: { firstSeconds: 60, maxSeconds: 150 } });
    const waits: number[] = [];
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 2; i++)
        expect((await limits.reserve(check(r, 'pair'))).ok, `round ${round}, attempt ${i}`).toBe(true);
      const refused = await limits.reserve(check(r, 'pair'));
      expect(refused.ok).toBe(false);
      if (!refused.ok) waits.push(refused.retryAfterSeconds);
      // Still waiting: refused again, with the same wait (not a longer one for knocking).
      const again = await limits.reserve(check(r, 'pair'));
      expect(again.ok === false && again.retryAfterSeconds).toBeLessThanOrEqual(waits.at(-1)!);
      await expire(r);
    }
    expect(waits).toEqual([60, 120, 150]);
    // Another key has its own budget and history.
    expect((await limits.reserve(check(r, 'other pair'))).ok).toBe(true);
  });

  it('slows instead of locking: once the budget is spent, one attempt per trickle period still goes ahead', async () => {
    const r = rule({ points: 3, windowSeconds: 3600, trickleSeconds: 30 });
    for (let i = 0; i < 3; i++) expect((await limits.reserve(check(r, 'office'))).ok).toBe(true);
    const parallel = await Promise.all(Array.from({ length: 10 }, () => limits.reserve(check(r, 'office'))));
    expect(parallel.filter((x) => x.ok)).toHaveLength(1);
    const waiting = parallel.find((x) => !x.ok);
    expect(waiting!.ok === false && waiting!.retryAfterSeconds).toBeLessThanOrEqual(30);
    await pool.query(`update rate_limit set expire = $1 where key like $2`, [Date.now() - 1, `${r.name}-trickle:%`]);
    expect((await limits.reserve(check(r, 'office'))).ok).toBe(true);
  });

  it('clears a key, remembers facts for a while, and stores no e-mail or IP address', async () => {
    const r = rule({ points: 1, windowSeconds: 60, backoff: { firstSeconds: 60, maxSeconds: 60 } });
    await limits.reserve(check(r, 'someone@voorbeeld.nl|127.0.0.9'));
    expect((await limits.reserve(check(r, 'someone@voorbeeld.nl|127.0.0.9'))).ok).toBe(false);
    await limits.clear(check(r, 'someone@voorbeeld.nl|127.0.0.9'));
    expect((await limits.reserve(check(r, 'someone@voorbeeld.nl|127.0.0.9'))).ok).toBe(true);

    expect(await limits.remembers('test-known', 'someone@voorbeeld.nl|127.0.0.9', 60)).toBe(false);
    await limits.remember('test-known', 'someone@voorbeeld.nl|127.0.0.9', 60);
    expect(await limits.remembers('test-known', 'someone@voorbeeld.nl|127.0.0.9', 60)).toBe(true);

    const { rows } = await pool.query<{ key: string }>(`select key from rate_limit`);
    expect(rows.length).toBeGreaterThan(0);
    for (const { key } of rows) {
      expect(key).not.toMatch(/@|127\.0|account|office|pair/);
      expect(key).toMatch(/^[\w-]+:[\w-]{43}$/);
    }
  });

  it('purges counters that expired over an hour ago', async () => {
    const r = rule({ points: 1, windowSeconds: 60 });
    await limits.reserve(check(r, 'old'));
    await pool.query(`update rate_limit set expire = $1 where key like $2`, [Date.now() - 2 * 3600_000, `${r.name}:%`]);
    expect(await limits.purgeExpired()).toBeGreaterThanOrEqual(1);
    expect((await pool.query(`select 1 from rate_limit where key like $1`, [`${r.name}:%`])).rowCount).toBe(0);
  });
});

describe('client addresses and waits', () => {
  it('counts IPv4 as is, IPv4-mapped IPv6 as IPv4, and IPv6 per /64 network', () => {
    expect(clientAddress({ ip: '203.0.113.7' })).toBe('203.0.113.7');
    expect(clientAddress({ ip: '::ffff:203.0.113.7' })).toBe('203.0.113.7');
    expect(clientAddress({ ip: '2001:db8:1:2:aaaa:bbbb:cccc:dddd' })).toBe('2001:db8:1:2::/64');
    expect(clientAddress({ ip: '2001:db8:1:2::1' })).toBe('2001:db8:1:2::/64');
    expect(clientAddress({ ip: '2001:db8::1' })).toBe('2001:db8:0:0::/64');
    expect(clientAddress({ ip: '::1' })).toBe('0:0:0:0::/64');
    expect(clientAddress({ ip: 'fe80::1%eth0' })).toBe('fe80:0:0:0::/64');
    expect(clientAddress(undefined)).toBe('unknown');
    expect(clientAddress({ ip: 'onzin' })).toBe('unknown');
  });

  it('says how long to wait in Dutch', () => {
    expect(retryAfterText(1)).toBe('Probeer het over 1 seconde opnieuw.');
    expect(retryAfterText(29.2)).toBe('Probeer het over 30 seconden opnieuw.');
    expect(retryAfterText(60)).toBe('Probeer het over 1 minuut opnieuw.');
    expect(retryAfterText(121)).toBe('Probeer het over 3 minuten opnieuw.');
    expect(retryAfterText(3600)).toBe('Probeer het over 60 minuten opnieuw.');
    expect(retryAfterText(24 * 3600)).toBe('Probeer het over 24 uur opnieuw.');
  });
});
