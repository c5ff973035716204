import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:https';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import {
  MolliePaymentGateway,
  fromMollieAmount,
  fromMollieStatus,
  mollieCreateParameters,
  toMollieAmount,
} from './mollie-gateway.js';
import { createPaymentGateway } from './create-gateway.js';
import { PaymentSimulator, type SimulatorDatabase } from './payment-simulator.js';
import { loadConfig } from '../../config/config.js';

/**
 * The Mollie adapter. The mapping functions are tested directly; the adapter itself talks to a local fake of the Mollie
 * API (HTTPS, as the official client insists on; a throw-away self-signed certificate made with openssl) so we see
 * exactly what goes over the wire: amounts, metadata, idempotency keys, the API key, and how answers are read.
 */

describe('Mollie mapping', () => {
  it('writes cents as Mollie amounts with exactly two decimals, and reads them back', () => {
    expect(toMollieAmount(1)).toEqual({ currency: 'EUR', value: '0.01' });
    expect(toMollieAmount(1250)).toEqual({ currency: 'EUR', value: '12.50' });
    expect(toMollieAmount(100_000_00)).toEqual({ currency: 'EUR', value: '100000.00' });
    expect(toMollieAmount(1999)).toEqual({ currency: 'EUR', value: '19.99' });
    for (const c of [1, 5, 10, 99, 100, 1005, 33333, 1_000_000]) expect(fromMollieAmount(toMollieAmount(c))).toBe(c);
    expect(() => toMollieAmount(0)).toThrow();
    expect(() => toMollieAmount(12.5)).toThrow();
    expect(() => fromMollieAmount({ currency: 'USD', value: '1.00' })).toThrow(/currency/);
    expect(() => fromMollieAmount({ currency: 'EUR', value: '1.5' })).toThrow();
  });

  it('maps every Mollie payment status; only the final ones settle', () => {
    expect(fromMollieStatus('open')).toBe('OPEN');
    expect(fromMollieStatus('pending')).toBe('OPEN');
    expect(fromMollieStatus('authorized')).toBe('OPEN');
    expect(fromMollieStatus('paid')).toBe('PAID');
    expect(fromMollieStatus('failed')).toBe('FAILED');
    expect(fromMollieStatus('canceled')).toBe('CANCELED');
    expect(fromMollieStatus('expired')).toBe('EXPIRED');
    expect(() => fromMollieStatus('refunded')).toThrow(/unknown/);
  });

  it('creates the payment with our id as metadata and as the idempotency key', () => {
    const params = mollieCreateParameters({
      paymentId: 'b0f7e3a4-0000-4000-8000-000000000001',
      amountCents: 4250,
      description: 'Eigen bijdrage Gemeentewinkel',
      redirectUrl: 'https://winkel.example.nl/account/bestellingen?betaling=x',
      webhookUrl: 'https://winkel.example.nl/payments/webhook',
    });
    expect(params).toEqual({
      amount: { currency: 'EUR', value: '42.50' },
      description: 'Eigen bijdrage Gemeentewinkel',
      redirectUrl: 'https://winkel.example.nl/account/bestellingen?betaling=x',
      webhookUrl: 'https://winkel.example.nl/payments/webhook',
      locale: 'nl_NL',
      metadata: { paymentId: 'b0f7e3a4-0000-4000-8000-000000000001' },
      idempotencyKey: 'payment-b0f7e3a4-0000-4000-8000-000000000001',
    });
    expect(
      mollieCreateParameters({ ...params, paymentId: 'x', amountCents: 1, redirectUrl: 'a', webhookUrl: 'b' }, 'ideal'),
    ).toMatchObject({ method: 'ideal' });
  });
});

describe('choosing the payment service provider', () => {
  it('uses the simulator by default and Mollie with PAYMENT_PROVIDER=mollie, which needs MOLLIE_API_KEY', () => {
    // The simulator's records live in the database; nothing is queried here.
    const db = {} as SimulatorDatabase;
    expect(createPaymentGateway(loadConfig({ NODE_ENV: 'test' }), db)).toBeInstanceOf(PaymentSimulator);
    expect(() => createPaymentGateway(loadConfig({ NODE_ENV: 'test', PAYMENT_PROVIDER: 'mollie' }), db)).toThrow(
      /MOLLIE_API_KEY/,
    );
    const mollie = createPaymentGateway(
      loadConfig({
        NODE_ENV: 'test',
        PAYMENT_PROVIDER: 'mollie',
        MOLLIE_API_KEY: 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM',
      }),
      db,
    );
    expect(mollie).toBeInstanceOf(MolliePaymentGateway);
    expect(mollie.name).toBe('mollie');
    expect(() => loadConfig({ MOLLIE_API_KEY: 'sk_live_verkeerd' })).toThrow(/MOLLIE_API_KEY/);
    expect(loadConfig({ PAYMENT_EXPIRY_MINUTES: '45' }).payments.expiryMinutes).toBe(45);
  });
});

describe('Mollie adapter over the wire', () => {
  let server: Server;
  let dir: string;
  let endpoint: string;
  const requests: { method: string; url: string; headers: Record<string, string | string[] | undefined>; body: any }[] =
    [];
  const statuses = new Map<string, string>();
  let previousTls: string | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gw-mollie-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    server = createServer(
      { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) },
      (req, res) => {
        let raw = '';
        req.on('data', (c) => (raw += c));
        req.on('end', () => {
          const body = raw ? JSON.parse(raw) : null;
          requests.push({ method: req.method!, url: req.url!, headers: req.headers, body });
          res.setHeader('content-type', 'application/hal+json');
          const payment = (id: string, status: string, amount = { currency: 'EUR', value: '42.50' }) => ({
            resource: 'payment',
            id,
            mode: 'test',
            status,
            amount,
            description: 'Eigen bijdrage Gemeentewinkel',
            createdAt: new Date().toISOString(),
            _links:
              status === 'open'
                ? { checkout: { href: `https://www.mollie.com/checkout/select-method/${id}`, type: 'text/html' } }
                : {},
          });
          const hours = (h: number) => new Date(Date.now() - h * 3600_000).toISOString();
          if (req.method === 'GET' && /^\/v2\/payments(\?|$)/.test(req.url!)) {
            // The payments list, newest first, two per page; the next page starts at `from`.
            const all = [
              { ...payment('tr_P1', 'paid'), createdAt: hours(1), metadata: { paymentId: 'ours-1' } },
              { ...payment('tr_P2', 'open'), createdAt: hours(2), metadata: null },
              { ...payment('tr_P3', 'expired'), createdAt: hours(30), metadata: { paymentId: 'ours-3' } },
              { ...payment('tr_P4', 'paid'), createdAt: hours(40), metadata: { paymentId: 'ours-4' } },
              { ...payment('tr_P5', 'paid'), createdAt: hours(50), metadata: { paymentId: 'ours-5' } },
            ];
            const from = new URL(req.url!, 'https://x').searchParams.get('from');
            const start = from ? all.findIndex((p) => p.id === from) : 0;
            const page = all.slice(start, start + 2);
            const next = all[start + 2];
            res.end(
              JSON.stringify({
                count: page.length,
                _embedded: { payments: page },
                _links: {
                  self: { href: `${endpoint}payments`, type: 'application/hal+json' },
                  previous: null,
                  next: next
                    ? { href: `${endpoint}payments?from=${next.id}&limit=2`, type: 'application/hal+json' }
                    : null,
                },
              }),
            );
            return;
          }
          if (req.method === 'GET' && /^\/v2\/refunds(\?|$)/.test(req.url!)) {
            const refund = (id: string, status: string, createdAt: string) => ({
              resource: 'refund',
              id,
              amount: { currency: 'EUR', value: '5.00' },
              status,
              paymentId: 'tr_P1',
              createdAt,
              description: 'Terugbetaling',
            });
            res.end(
              JSON.stringify({
                count: 2,
                _embedded: { refunds: [refund('re_A', 'failed', hours(1)), refund('re_B', 'refunded', hours(48))] },
                _links: {
                  self: { href: `${endpoint}refunds`, type: 'application/hal+json' },
                  previous: null,
                  next: null,
                },
              }),
            );
            return;
          }
          if (req.method === 'POST' && req.url === '/v2/payments') {
            statuses.set('tr_NEW123', 'open');
            res.statusCode = 201;
            res.end(JSON.stringify(payment('tr_NEW123', 'open', body.amount)));
          } else if (req.method === 'GET' && req.url!.startsWith('/v2/payments/tr_')) {
            const id = req.url!.split('/')[3]!.split('?')[0]!;
            if (!statuses.has(id)) {
              res.statusCode = 404;
              res.end(
                JSON.stringify({ status: 404, title: 'Not Found', detail: 'No payment exists with token ' + id }),
              );
              return;
            }
            res.end(JSON.stringify(payment(id, statuses.get(id)!)));
          } else if (req.method === 'POST' && /^\/v2\/payments\/tr_\w+\/refunds$/.test(req.url!)) {
            res.statusCode = 201;
            res.end(
              JSON.stringify({
                resource: 'refund',
                id: 're_4qqhO89gsT',
                amount: body.amount,
                status: 'pending',
                paymentId: req.url!.split('/')[3],
                createdAt: new Date().toISOString(),
                description: body.description,
              }),
            );
          } else {
            res.statusCode = 404;
            res.end(JSON.stringify({ status: 404, title: 'Not Found', detail: 'unknown route' }));
          }
        });
      },
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `https://127.0.0.1:${(server.address() as AddressInfo).port}/v2/`;
    // The official client trusts only its bundled public CAs; this throw-away local certificate is not one of them.
    previousTls = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  });

  afterAll(async () => {
    if (previousTls === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    else process.env.NODE_TLS_REJECT_UNAUTHORIZED = previousTls;
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const gateway = () =>
    new MolliePaymentGateway({ apiKey: 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM', apiEndpoint: endpoint });

  it('creates a payment: amount, URLs, metadata, locale, API key and idempotency key go to Mollie', async () => {
    requests.length = 0;
    const created = await gateway().createPayment({
      paymentId: '9a1c2b3d-0000-4000-8000-00000000abcd',
      amountCents: 4250,
      description: 'Eigen bijdrage Gemeentewinkel',
      redirectUrl: 'https://winkel.example.nl/account/bestellingen?betaling=9a1c',
      webhookUrl: 'https://winkel.example.nl/payments/webhook',
    });
    expect(created).toEqual({
      externalId: 'tr_NEW123',
      checkoutUrl: 'https://www.mollie.com/checkout/select-method/tr_NEW123',
    });
    const [req] = requests;
    expect(req!.method).toBe('POST');
    expect(req!.url).toBe('/v2/payments');
    expect(req!.headers.authorization).toBe('Bearer test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM');
    expect(req!.headers['idempotency-key']).toBe('payment-9a1c2b3d-0000-4000-8000-00000000abcd');
    expect(req!.body).toEqual({
      amount: { currency: 'EUR', value: '42.50' },
      description: 'Eigen bijdrage Gemeentewinkel',
      redirectUrl: 'https://winkel.example.nl/account/bestellingen?betaling=9a1c',
      webhookUrl: 'https://winkel.example.nl/payments/webhook',
      locale: 'nl_NL',
      metadata: { paymentId: '9a1c2b3d-0000-4000-8000-00000000abcd' },
    });
  });

  it('reads the status of a payment as ours, and fails loudly for a payment Mollie does not know', async () => {
    const g = gateway();
    for (const [mollie, ours] of [
      ['open', 'OPEN'],
      ['pending', 'OPEN'],
      ['authorized', 'OPEN'],
      ['paid', 'PAID'],
      ['failed', 'FAILED'],
      ['canceled', 'CANCELED'],
      ['expired', 'EXPIRED'],
    ] as const) {
      statuses.set('tr_STATUS1', mollie);
      expect(await g.getStatus('tr_STATUS1'), mollie).toBe(ours);
    }
    await expect(g.getStatus('tr_UNKNOWN9')).rejects.toThrow(/No payment exists/);
  });

  it('refunds with the amount, a description and our idempotency key', async () => {
    requests.length = 0;
    const r = await gateway().refund({
      externalId: 'tr_PAID1',
      amountCents: 1999,
      description: 'Terugbetaling eigen bijdrage',
      idempotencyKey: 'refund-abc',
    });
    expect(r).toEqual({ refundId: 're_4qqhO89gsT' });
    const [req] = requests;
    expect(req!.url).toBe('/v2/payments/tr_PAID1/refunds');
    expect(req!.headers['idempotency-key']).toBe('refund-abc');
    expect(req!.body).toEqual({
      amount: { currency: 'EUR', value: '19.99' },
      description: 'Terugbetaling eigen bijdrage',
    });
  });

  it('lists the payments and refunds of a period page by page, newest first, stopping before the period', async () => {
    requests.length = 0;
    const period = { from: new Date(Date.now() - 36 * 3600_000), to: new Date(Date.now() + 3600_000) };
    const payments = await gateway().listPayments(period);
    expect(payments.map((p) => [p.externalId, p.status, p.paymentId, p.amountCents])).toEqual([
      ['tr_P1', 'PAID', 'ours-1', 4250],
      ['tr_P2', 'OPEN', null, 4250],
      ['tr_P3', 'EXPIRED', 'ours-3', 4250],
    ]);
    // Two pages read; the third (older than the period) is never asked for.
    const pages = requests.filter((r) => r.method === 'GET' && r.url.startsWith('/v2/payments'));
    expect(pages).toHaveLength(2);
    expect(pages[1]!.url).toContain('from=tr_P3');
    const refunds = await gateway().listRefunds(period);
    expect(refunds).toEqual([
      { refundId: 're_A', externalId: 'tr_P1', amountCents: 500, status: 'FAILED', createdAt: expect.any(Date) },
    ]);
  });
});
