import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { addressAllowed, classifyAddress, hostProblem } from './address-guard.js';
import { postWebhook } from './transport.js';
import { newSigningSecret, signedHeaders } from './signing.js';

/** The SSRF guard, the transport's limits, and our signatures checked by the `standardwebhooks` package. */
describe('webhook transport', () => {
  let server: Server;
  let base: string;
  let hits = 0;

  beforeAll(async () => {
    server = createServer((req, res) => {
      hits++;
      if (req.url === '/redirect') res.writeHead(302, { location: 'http://169.254.169.254/latest' }).end();
      else if (req.url === '/slow') setTimeout(() => res.writeHead(200).end('te laat'), 2_000);
      else if (req.url === '/big') res.writeHead(500).end('x'.repeat(100_000));
      else res.writeHead(200).end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it('classifies private, loopback, link-local, mapped and reserved addresses', () => {
    for (const a of [
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      'fd00::1',
      'fe80::1',
      '::',
      '::ffff:10.0.0.1',
      '224.0.0.1',
    ])
      expect(classifyAddress(a), a).toBe('private');
    for (const a of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1'])
      expect(classifyAddress(a), a).toBe('loopback');
    for (const a of ['145.97.39.155', '8.8.8.8', '2a00:1450:4001::1']) expect(classifyAddress(a), a).toBe('public');
    expect(addressAllowed('127.0.0.1', false)).toBe(false);
    expect(addressAllowed('127.0.0.1', true)).toBe(true);
    expect(addressAllowed('10.0.0.1', true)).toBe(false);
  });

  it('refuses at connect time: a name that resolves to loopback in production never gets the request', async () => {
    const before = hits;
    const port = (server.address() as AddressInfo).port;
    const outcome = await postWebhook(`http://localhost:${port}/`, {}, '{}', 2_000, { allowLoopback: false });
    expect(outcome).toMatchObject({ succeeded: false, statusCode: null });
    expect(outcome.error).toMatch(/privé, lokaal of gereserveerd/);
    expect(hits).toBe(before);
    expect(await hostProblem('localhost', false)).toBe('blocked');
    expect(await hostProblem('127.0.0.1', true)).toBeNull();
  });

  it('does not follow a redirect, stops at the time-out, keeps only the start of a body', async () => {
    const redirect = await postWebhook(`${base}/redirect`, {}, '{}', 2_000, { allowLoopback: true });
    expect(redirect).toMatchObject({ succeeded: false, statusCode: 302, error: 'Doorverwijzing niet gevolgd' });
    const slow = await postWebhook(`${base}/slow`, {}, '{}', 300, { allowLoopback: true });
    expect(slow).toMatchObject({ succeeded: false, statusCode: null });
    expect(slow.error).toMatch(/Geen antwoord binnen 300 ms/);
    expect(slow.durationMs).toBeLessThan(1_500);
    const big = await postWebhook(`${base}/big`, {}, '{}', 2_000, { allowLoopback: true });
    expect(big).toMatchObject({ succeeded: false, statusCode: 500 });
    expect(big.responseStart).toHaveLength(500);
    const fine = await postWebhook(`${base}/`, {}, '{}', 2_000, { allowLoopback: true });
    expect(fine).toMatchObject({ succeeded: true, statusCode: 200, responseStart: 'ok', error: null });
  });

  it('signs as Standard Webhooks: the registry’s package verifies both secrets of a rotation', () => {
    const current = newSigningSecret();
    const previous = newSigningSecret();
    const body = JSON.stringify({ type: 'order.placed', data: { orderId: 'x' } });
    const headers = signedHeaders([current, previous], 'msg_1', Math.floor(Date.now() / 1000), body);
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(new Webhook(current).verify(body, headers)).toMatchObject({ type: 'order.placed' });
    expect(new Webhook(previous).verify(body, headers)).toMatchObject({ type: 'order.placed' });
    expect(() => new Webhook(newSigningSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(current).verify(body.replace('x', 'y'), headers)).toThrow();
  });
});
