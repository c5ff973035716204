import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestServer, type TestServer } from '../../test/server.js';

/** A fake Sentry ingest on this machine that records what reaches it. */
function fakeIngest(): Promise<{ server: Server; port: number; received: { path: string; body: string }[] }> {
  const received: { path: string; body: string }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', body: Buffer.concat(chunks).toString() });
      res.writeHead(200).end('{}');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port, received })),
  );
}

function envelope(dsn: string): string {
  return [
    JSON.stringify({ dsn, sent_at: new Date().toISOString() }),
    JSON.stringify({ type: 'event' }),
    JSON.stringify({ message: 'fout in de browser' }),
  ].join('\n');
}

describe('Sentry tunnel', () => {
  let ingest: Awaited<ReturnType<typeof fakeIngest>>;
  let server: TestServer;
  let dsn: string;

  beforeAll(async () => {
    ingest = await fakeIngest();
    dsn = `http://publickey123@127.0.0.1:${ingest.port}/42`;
    server = await startTestServer({ env: { SENTRY_DSN: dsn } });
  });
  afterAll(async () => {
    await server?.close();
    ingest?.server.close();
  });

  it('forwards an envelope for the configured DSN to its ingest', async () => {
    const res = await fetch(`${server.url}/monitoring/tunnel`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: envelope(dsn),
    });
    expect(res.status).toBe(200);
    expect(ingest.received).toHaveLength(1);
    expect(ingest.received[0]!.path).toBe('/api/42/envelope/');
    expect(ingest.received[0]!.body).toContain('fout in de browser');
  });

  it('refuses an envelope for a foreign DSN or garbage, and forwards nothing', async () => {
    const before = ingest.received.length;
    for (const foreign of [
      `http://publickey123@evil.example.org/42`,
      `http://otherkey@127.0.0.1:${ingest.port}/42`,
      `http://publickey123@127.0.0.1:${ingest.port}/43`,
    ]) {
      const res = await fetch(`${server.url}/monitoring/tunnel`, { method: 'POST', body: envelope(foreign) });
      expect(res.status).toBe(400);
    }
    const garbage = await fetch(`${server.url}/monitoring/tunnel`, { method: 'POST', body: 'geen envelop' });
    expect(garbage.status).toBe(400);
    expect(ingest.received.length).toBe(before);
  });

  it('tells the browser the DSN, so the SDK can be switched on', async () => {
    const body = (await (await fetch(`${server.url}/api/client-config`)).json()) as { sentryDsn: string };
    expect(body.sentryDsn).toBe(dsn);
  });
});

describe('Sentry tunnel without a DSN', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('is off', async () => {
    const res = await fetch(`${server.url}/monitoring/tunnel`, {
      method: 'POST',
      body: envelope('http://k@127.0.0.1:1/1'),
    });
    expect(res.status).toBe(404);
  });
});
